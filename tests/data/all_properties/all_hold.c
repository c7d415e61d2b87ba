// FLAGS: --all-properties --memory-safety --signed-overflow-check --div-by-zero-check --bound 2
// FRONTENDS: c llvm
// the correct twin of three_kinds.c: every operation is guarded, so every property holds
#include <stdlib.h>
#include <assert.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int *a = malloc(4 * sizeof(int));
  int r = 0;
  if (x > 0 && x < 100 && y != 0 && y != -1)
    r = 100 / y;
  if (y > 2147481000 && y < 2147482000)
    r = y + 1000;
  if (x >= 0 && x < 4)
    a[x] = r;
  free(a);
  assert(x != 5 || r == 0 || y != 0);
  return r;
}
