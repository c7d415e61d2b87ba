// EXPECT: bug
// FLAGS: --bound 2
// bytes beyond the old block are not copied: their contents are arbitrary
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 1; a[1] = 2;
  int *b = realloc(a, 3 * sizeof(int));
  if (b[1] == 2 && b[2] == 5) reach_error();
  return 0;
}
