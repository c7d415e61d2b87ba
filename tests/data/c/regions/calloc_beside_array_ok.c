// EXPECT: correct
// calloc's zeroed block (a quantified fact over the heap, about the fresh block: it moves
// to the block's region map) beside a local array.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *z = calloc(4, sizeof(int));
  if (!z) return 0;
  int s[2] = {1, 2};
  z[1] = s[1];
  if (z[2] != 0 || z[1] != 2) reach_error();
  free(z);
  return 0;
}
