// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// An allocation that cannot be given is refused: malloc and calloc return NULL
// (glibc does above PTRDIFF_MAX).  Both front ends used to assume every block fits, which
// ended the path at the call and proved this program correct (common.huge_allocation).
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n < (1UL << 63))
    return 0;
  char *p = malloc(n);
  char *q = calloc(n, 1);
  if (!p && !q)
    reach_error();
  return 0;
}
