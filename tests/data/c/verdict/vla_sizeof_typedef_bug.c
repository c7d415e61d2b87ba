// EXPECT: bug
// A typedef of a variable-length array type is evaluated at the typedef (C11 6.7.8p3):
// `row` keeps k's value there, the later declaration `row w` does not read k again.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 1 || k > 4) return 0;
  typedef int row[k];
  k = 2 * k;
  row w;
  assert(sizeof w == k * sizeof(int));
  return 0;
}
