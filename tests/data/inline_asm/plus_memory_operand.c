// A "+m" operand through a pointer is read and written: its value is arbitrary after.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
int main(void) {
  int v = 3;
  int *p = &v;
  asm volatile("" : "+m"(*p) : : "cc");
  assert(v == 3);
  return 0;
}
