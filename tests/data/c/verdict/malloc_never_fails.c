// EXPECT: correct
// SV-COMP's convention (the default): malloc and realloc return valid pointers
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) reach_error();
  int *q = realloc(p, 2 * sizeof(int));
  if (q == 0) reach_error();
  return 0;
}
