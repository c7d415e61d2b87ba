// EXPECT: bug
// PROPERTY: precondition_instance
// FLAGS: --memory-safety --bound 2
// free of a stack object, and of a pointer inside a heap block
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int local = 3;
  int *p = __VERIFIER_nondet_int() ? &local : (int *)malloc(2 * sizeof(int));
  free(p);  // <-
  return 0;
}
