// EXPECT: correct
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *a = calloc(3, sizeof(int));
  if (a == 0) return 0;
  if (a[1] != 0) reach_error();
  a[1] = 4;
  if (a[1] != 4 || a[2] != 0) reach_error();
  return 0;
}
