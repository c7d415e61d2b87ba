// EXPECT: correct
// bsearch (pycorral_libc.c): glibc's binary search through the comparator pointer.
#include <stdlib.h>
extern void reach_error(void);
static int cmp(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
int main(void) {
  int a[3] = {1, 3, 5}, k = 3, m = 4;
  if (bsearch(&k, a, 3, sizeof a[0], cmp) != &a[1] || bsearch(&m, a, 3, sizeof a[0], cmp) != 0)
    reach_error();
  return 0;
}
