// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 2
// a read after a free on one path (the block is freed on every path: no leak)
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  int early = __VERIFIER_nondet_int();
  *p = 1;
  if (early)
    free(p);
  int v = *p;  // <-
  if (!early)
    free(p);
  return v == 1;
}
