// A non-empty template with a "memory" clobber (mfence) may write what a function
// without a body may: the object behind the pointer input.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
int main(void) {
  int buf[2] = {1, 2};
  int *p = buf;
  __asm__ volatile("mfence" : : "r"(p) : "memory");
  assert(buf[1] == 2);
  return 0;
}
