// An "=m" output of struct type through a cast pointer (the kernel's __m(addr) idiom in
// put_user): the memory it names is written.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
struct large { unsigned long buf[100]; };
#define __m(x) (*(struct large *)(x))
int main(void) {
  int arr[4] = {0, 0, 0, 0};
  int *p = arr;
  __asm__ volatile("" : "=m"(__m(p)) : "r"(3));
  assert(arr[0] == 0);
  return 0;
}
