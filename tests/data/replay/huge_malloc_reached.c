// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// Whatever a huge malloc returns, the path goes on: the error after it is reached (it
// used to be proved unreachable, the path ending at the call).
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n < (1UL << 62))
    return 0;
  char *p = malloc(n);
  reach_error();
  free(p);
  return 0;
}
