// EXPECT: correct
// FLAGS: --memory-cleanup-check --bound 2
// the correct twin of leak_at_exit.c: the block is freed before exit(); abort() is
// abnormal termination, where no clean-up is expected
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  if (__VERIFIER_nondet_int()) {
    free(p);
    exit(1);
  }
  if (__VERIFIER_nondet_int())
    abort();
  free(p);
  return 0;
}
