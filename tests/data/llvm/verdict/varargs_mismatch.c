// EXPECT: bug
// va_arg at a type other than the argument's (an int read as a long, a long read as an
// int): undefined behaviour (C11 7.16.1.1p2), so the value read is any value; the argument
// area's maps per access size (frontend/llvm/regions.py `_split_argument_areas`) must not
// make it the argument's value.
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
long wide(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long v = n ? va_arg(ap, long) : (long)va_arg(ap, int);
  va_end(ap);
  return v;
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k) {
    if (wide(1, 5) != 5) reach_error();          /* an int read as a long */
  } else {
    if (wide(0, 7L << 32 | 5L) != 5) reach_error();   /* a long read as an int */
  }
  return 0;
}
