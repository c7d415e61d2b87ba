// EXPECT: bug
// The stride of a pointer to a row of k ints is k ints: p[1][0] is m[1][0], not m[0][1]
// (wrong when k > 1).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();
  if (n < 2 || n > 3 || k < 1 || k > 3) return 0;
  int m[n][k];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++) m[i][j] = i * 4 + j;
  int (*p)[k] = m;
  assert(p[1][0] == 1);
  return 0;
}
