// REJECT: variadic function 'sum' reading its variable arguments
#include <stdarg.h>
int sum(int n, ...) { // <-
  va_list ap;
  va_start(ap, n);
  int s = va_arg(ap, int);
  va_end(ap);
  return s;
}
int main(void) { return sum(1, 2); }
