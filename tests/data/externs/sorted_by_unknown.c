// A correct program if sort_three sorts (as qsort would): the model lets the function
// without a body write anything into the array, so the failing check rests on that
// effect -- a possible bug, never a bug found.  With --extern-pure (it writes nothing)
// the array stays unsorted and the check fails for real.
// EXPECT: possible-bug
// PURE: bug
#include <assert.h>
void sort_three(int *p);
int main(void) {
  int a[3] = {3, 1, 2};
  sort_three(a);
  assert(a[0] <= a[1] && a[1] <= a[2]);
  return 0;
}
