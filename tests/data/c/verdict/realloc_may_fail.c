// EXPECT: bug
// FLAGS: --malloc-may-fail
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  int *q = realloc(p, 2 * sizeof(int));
  if (q == 0) reach_error();
  return 0;
}
