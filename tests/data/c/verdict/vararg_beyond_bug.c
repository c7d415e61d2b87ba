// EXPECT: bug
// va_arg beyond the arguments passed (undefined behaviour): any value of the type
#include <stdarg.h>
extern void reach_error(void);
int second(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int a = va_arg(ap, int);
  int b = va_arg(ap, int);
  va_end(ap);
  return a + b;
}
int main(void) {
  if (second(1, 1) == 43) reach_error();
  return 0;
}
