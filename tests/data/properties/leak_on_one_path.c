// EXPECT: bug
// PROPERTY: memory-leak
// FLAGS: --memory-safety --bound 2
// FRONTENDS: llvm
// the early return leaks the block; the leak is reported where main ends
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (__VERIFIER_nondet_int() > 5)
    return 1;
  free(p);
  return 0;
}  // <- (the end of main)
