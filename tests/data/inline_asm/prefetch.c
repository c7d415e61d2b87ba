// __builtin_prefetch (a cache hint in kernel list walks; llvm.prefetch stopped an LDV
// task in the LLVM front end): no effect but its arguments' evaluation.
// EXPECT: bug
// REPLAY: confirmed
#include <assert.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int i = 0;
  __builtin_prefetch(&a[i++]);
  __builtin_prefetch(&a[1], 1, 3);
  assert(i == 1 && a[0] == 1);
  assert(a[3] != 4);
  return 0;
}
