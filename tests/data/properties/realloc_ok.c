// EXPECT: correct
// FLAGS: --memory-safety --bound 2
// realloc moves the block: the old one is freed, the new one must be
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[1] = 5;
  int *q = realloc(p, 8 * sizeof(int));
  if (!q)
    return 0;
  q[7] = q[1];
  free(q);
  return 0;
}
