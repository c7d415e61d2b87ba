// EXPECT: correct
// FLAGS: --bound 2
// realloc keeps the first min(old, new) bytes; allocation never fails (the default)
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *a = malloc(3 * sizeof(int));
  a[0] = 1; a[1] = 2; a[2] = 3;
  int *b = realloc(a, 5 * sizeof(int));
  b[4] = 7;
  if (b[0] != 1 || b[2] != 3 || b[4] != 7) reach_error();
  int *c = realloc(b, 2 * sizeof(int));          /* shrinking keeps the prefix */
  if (c[1] != 2) reach_error();
  int *d = realloc(0, sizeof(int));              /* like malloc */
  if (d == 0 || d == c) reach_error();
  return 0;
}
