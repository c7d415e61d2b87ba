// REPLAY: confirmed
// FRONTENDS: c
// FLAGS: --data-model LP64
// realloc of a size that cannot be given returns NULL and leaves the block alone (the
// LLVM front end models realloc only with --memory-safety).
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  char *p = malloc(4);
  if (!p || n < (1UL << 63))
    return 0;
  p[0] = 7;
  char *r = realloc(p, n);
  if (!r && p[0] == 7)
    reach_error();
  return 0;
}
