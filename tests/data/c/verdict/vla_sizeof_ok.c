// EXPECT: correct
// sizeof of variable-length array types (C11 6.5.3.4p2, 6.7.6.2p5): each size is fixed
// where its declarator (declaration, typedef, type name) is reached; changing n and k
// afterwards does not change it.  One, two and mixed dimensions, a row, a pointer to a
// row, a typedef, a type name.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();
  if (n < 1 || n > 8 || k < 1 || k > 5) return 0;
  int n0 = n, k0 = k;
  int v[n];
  int m[n][k];
  int r[n][4];
  int c[3][k];
  typedef int row[k];
  int (*p)[k] = m;
  n++;
  k += 2;
  row w;
  assert(sizeof v == n0 * sizeof(int));
  assert(sizeof m == n0 * k0 * sizeof(int));
  assert(sizeof r == n0 * 4 * sizeof(int));
  assert(sizeof c == 3 * k0 * sizeof(int));
  assert(sizeof m[0] == k0 * sizeof(int));
  assert(sizeof *p == k0 * sizeof(int));
  assert(sizeof(row) == k0 * sizeof(int) && sizeof w == sizeof(row));
  assert(sizeof(int[n]) == n * sizeof(int));
  assert(sizeof v / sizeof v[0] == n0);
  return 0;
}
