// EXPECT: bug
// qsort with a descending comparator: the array is not in ascending order afterwards.
#include <stdlib.h>
extern void reach_error(void);
static int cmp(const void *a, const void *b) {
  return *(const int *)b - *(const int *)a;
}
int main(void) {
  int a[2] = {1, 2};
  qsort(a, 2, sizeof a[0], cmp);
  if (a[0] > a[1])
    reach_error();
  return 0;
}
