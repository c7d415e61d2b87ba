// EXPECT: bug
// `sizeof(int[t++])` evaluates t++ (C11 6.5.3.4p2): t is n + 1 afterwards.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int t = n;
  unsigned long s = sizeof(int[t++]);
  assert(t == n);
  return s == 0;
}
