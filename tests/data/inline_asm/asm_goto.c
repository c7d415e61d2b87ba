// asm goto jumps to C labels: not modelled.
// EXPECT: unknown
#include <assert.h>
int main(void) {
  int x = 0;
  asm goto("" : : : : out);
  x = 1;
out:
  assert(x == 1);
  return 0;
}
