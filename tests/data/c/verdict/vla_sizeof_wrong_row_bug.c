// EXPECT: bug
// FLAGS: --data-model LP64
// A row of `int m[n][k]` has k elements, not n: wrong when n != k.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();
  if (n < 1 || n > 4 || k < 1 || k > 4) return 0;
  int m[n][k];
  assert(sizeof m[0] == n * sizeof(int));
  return 0;
}
