// A "memory" clobber: the object behind the pointer input may change.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
int main(void) {
  int buf[2] = {1, 2};
  int *p = buf;
  asm volatile("# may write *p" : : "r"(p) : "memory");
  assert(buf[1] == 2);
  return 0;
}
