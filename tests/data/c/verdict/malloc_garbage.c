// EXPECT: bug
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  if (a[1] == 42) reach_error();     /* fresh memory holds any value */
  return 0;
}
