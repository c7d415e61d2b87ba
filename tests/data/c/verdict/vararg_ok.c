// EXPECT: correct
// FLAGS: --bound 5
// Variable arguments: a loop over them, a va_list handed to another function and copied,
// pointers, a signed argument read as unsigned, a call through a pointer
#include <stdarg.h>
extern void reach_error(void);
int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
int vfirst(va_list ap) { return va_arg(ap, int); }
int first_twice(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  int a = vfirst(ap);
  int b = va_arg(aq, int);
  va_end(aq);
  va_end(ap);
  return a + b;
}
int deref(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int *p = va_arg(ap, int *);
  unsigned u = va_arg(ap, unsigned);
  va_end(ap);
  return *p + (int)u;
}
int (*fp)(int, ...) = sum;
int main(void) {
  int x = 5;
  char c = -3;
  if (sum(3, 1, 2, 3) != 6) reach_error();
  if (sum(2, c, 10) != 7) reach_error();
  if (first_twice(1, 7) != 14) reach_error();
  if (deref(2, &x, -1) != 4) reach_error();
  if (fp(2, 10, 20) != 30) reach_error();
  return 0;
}
