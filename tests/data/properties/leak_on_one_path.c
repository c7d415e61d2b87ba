// EXPECT: bug
// PROPERTY: memory-leak
// FLAGS: --memory-safety --bound 2
// the early return leaks the block; the leak is reported where main returns
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (__VERIFIER_nondet_int() > 5)
    return 1;  // <- (C: the return; LLVM: its one return block, at the end)
  free(p);
  return 0;
}  // <-
