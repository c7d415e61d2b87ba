// FLAGS: --all-properties --memory-safety --signed-overflow-check --div-by-zero-check --bound 2
// FRONTENDS: c llvm
// three different properties fail, each on its own inputs (a division by zero, a signed
// overflow, an out-of-bounds write); the other checks hold on every run
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int *a = malloc(4 * sizeof(int));
  int r = 0;
  if (x > 0 && x < 100)
    r = 100 / y;
  if (y > 2147483000)
    r = y + 1000;
  if (x >= 0 && x <= 4)
    a[x] = r;
  free(a);
  return r;
}
