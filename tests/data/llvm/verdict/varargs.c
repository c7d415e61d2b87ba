// EXPECT: bug
// Variable arguments through clang's own va_arg code (x86-64: the overflow area of the
// va_list, i386: a pointer bump): ints and a pointer, a va_list copied; reach_error is
// reached because the arguments are read back right.
#include <stdarg.h>
extern void reach_error(void);
int pick(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  int a = va_arg(ap, int);
  int *p = va_arg(ap, int *);
  int b = va_arg(aq, int);
  va_end(aq);
  va_end(ap);
  return a + *p + b;
}
int main(void) {
  int x = 5;
  if (pick(2, 30, &x) == 65) reach_error();
  return 0;
}
