// A pointer output may be one of the asm's pointer inputs (the kernel's RELOC_HIDE: the
// asm returns its input): a write through it may change x.
// EXPECT: possible-bug
// REPLAY: confirmed
#include <assert.h>
int main(void) {
  int x = 1;
  int *p = &x, *q;
  __asm__("" : "=r"(q) : "0"(p));
  *q = 5;
  assert(x == 1);
  return 0;
}
