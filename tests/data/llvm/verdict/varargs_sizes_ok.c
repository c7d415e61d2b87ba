// EXPECT: correct
// Arguments of every size through `...` (a char and a short promoted to int, an unsigned,
// a long, a long long, a pointer), read back at their own types: the argument area has a
// map per access size (frontend/llvm/regions.py `_split_argument_areas`), and each read
// gives the value passed, sign and all.
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
long long sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int c = va_arg(ap, int);
  int s = va_arg(ap, int);
  unsigned u = va_arg(ap, unsigned);
  long l = va_arg(ap, long);
  long long q = va_arg(ap, long long);
  int *p = va_arg(ap, int *);
  va_end(ap);
  return c + s + (long long)u + l + q + *p;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  char c = -3;
  short s = -300;
  long long r = sum(6, c, s, 4000000000u, -5L, 1LL << 40, &x);
  if (r != -3 - 300 + 4000000000LL - 5 + (1LL << 40) + x) reach_error();
  return 0;
}
