// C library models written in C (frontend/include/pycorral_libc.c) are linked on use;
// realloc copies the old block's prefix (sizes kept in $size)
#include <string.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char b[4] = "ab";
  if (strlen(b) != 2 || strcmp(b, "ab") != 0) reach_error();
  int *p = malloc(sizeof(int));
  *p = 1;
  p = realloc(p, 2 * sizeof(int));
  if (*p != 1) reach_error();
  return 0;
}
