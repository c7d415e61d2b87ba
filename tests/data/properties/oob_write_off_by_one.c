// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 6
// an off-by-one array write: the loop runs to i <= 4 over 4 ints
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof(int));
  for (int i = 0; i <= 4; i++)
    a[i] = i;  // <-
  free(a);
  return 0;
}
