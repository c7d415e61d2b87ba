// EXPECT: correct
// qsort (frontend/include/pycorral_libc.c): an insertion sort calling the comparator through
// the pointer, so a correct program that sorts gets no bug report (issue 37).
#include <stdlib.h>
extern void reach_error(void);
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int main(void) {
  int a[2] = {2, 1};
  qsort(a, 2, sizeof a[0], cmp);
  if (!(a[0] == 1 && a[1] == 2))
    reach_error();
  return 0;
}
