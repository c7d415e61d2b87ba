// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// A wrong belief about variable-length arrays: their size follows later changes of the
// length variable.  It is fixed where the declarator is reached (C11 6.7.6.2p5), so the
// assertion fails for every n, and the native run reaches it.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int m[n][n + 1];
  int (*row)[n + 1] = m;
  n = n + 1;
  assert(sizeof m == n * sizeof *row);
  return 0;
}
