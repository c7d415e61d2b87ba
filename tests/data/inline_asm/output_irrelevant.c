// The asm's output does not matter for the assertion: correct stays correct.
// EXPECT: correct
#include <assert.h>
int main(void) {
  int x = 0, y = 5;
  asm volatile("" : "=r"(x) : "r"(y));
  x = x & 1;
  assert(y == 5 && x <= 1);
  return 0;
}
