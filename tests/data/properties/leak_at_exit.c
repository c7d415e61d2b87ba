// EXPECT: bug
// PROPERTY: memory-cleanup
// FLAGS: --memory-cleanup-check --bound 2
// exit() ends the program with the block still allocated (valid-memcleanup); the block
// is still pointed to, so it is not lost (no valid-memtrack violation: memtrack_exit_ok.c)
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  if (__VERIFIER_nondet_int())
    exit(1);  // <-
  free(p);
  return 0;
}
