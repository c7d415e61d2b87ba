// EXPECT: correct
// FLAGS: --malloc-may-fail
// a program that checks every allocation is still correct when allocation may fail
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 1;
  *p = 3;
  int *q = realloc(p, 2 * sizeof(int));
  if (q == 0) return 1;
  if (q[0] != 3) reach_error();
  return 0;
}
