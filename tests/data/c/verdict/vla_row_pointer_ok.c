// EXPECT: correct
// FLAGS: --data-model LP64
// Indexing and pointer arithmetic through pointers to rows of variable length: the stride
// is the row's size, from the row length its declarator evaluated (a local `int (*p)[k]`,
// a parameter `int a[n][k]` evaluated on entry, C11 6.9.1p10).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int sum(int n, int k, int a[n][k]) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++) s += a[i][j];
  assert(sizeof a[0] == k * sizeof(int));
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();
  if (n < 1 || n > 3 || k < 1 || k > 3) return 0;
  int m[n][k];
  int (*p)[k] = m;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++) p[i][j] = i * 4 + j;
  assert(m[n - 1][k - 1] == (n - 1) * 4 + k - 1);
  assert(*(*(p + n - 1) + k - 1) == m[n - 1][k - 1]);
  assert(&m[n - 1][0] - &m[0][0] == (n - 1) * k);
  assert((p + n - 1) - p == n - 1);
  int (*q)[k] = p;
  q++;
  assert(q[0][0] == m[1 % n][0] || n == 1);
  assert(sum(n, k, m) == sum(n, k, p));
  return 0;
}
