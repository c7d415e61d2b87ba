// EXPECT: correct
// FLAGS: --memory-safety --bound 2
// the twin of leak_at_exit.c under --memory-safety (valid-memtrack): at exit() and
// abort() the block is still pointed to, so nothing is lost; main frees it on return
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  if (__VERIFIER_nondet_int())
    exit(1);
  if (__VERIFIER_nondet_int())
    abort();
  free(p);
  return 0;
}
