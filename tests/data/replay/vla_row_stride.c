// REPLAY: confirmed
// FLAGS: --data-model LP64
// Walking the rows of `int m[n][k]` through a pointer to a row: p + 1 is k ints further,
// the next row.  The assertion states the belief that it is one int further: it fails.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();
  if (n < 2 || n > 4 || k < 1 || k > 4) return 0;
  int m[n][k];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++) m[i][j] = 4 * i + j;
  int (*p)[k] = m;
  p++;
  assert(**p == m[0][1 % k]);
  return 0;
}
