// The asm's output operand gets an arbitrary value: the error is reachable only then.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
int main(void) {
  int x = 0;
  __asm__ __volatile__("" : "=r"(x));
  assert(x != 42);
  return 0;
}
