// REJECT: va_arg of type struct pair
#include <stdarg.h>
struct pair { int a, b; };
int first(int n, ...) {
  va_list ap;
  va_start(ap, n);
  struct pair p = va_arg(ap, struct pair); // <-
  va_end(ap);
  return p.a;
}
int main(void) { return 0; }
