// EXPECT: bug
// The size of a variable-length array is fixed at its declaration: after n changes,
// `sizeof v` is still the old n elements, so the assertion fails (also replayed
// natively: tests/data/replay/vla_sizeof_after_change.c).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int v[n];
  n = n + 1;
  assert(sizeof v == n * sizeof(int));
  return 0;
}
