// The kernel's barrier(): an empty template with a "memory" clobber runs no instruction,
// so it writes no memory; a non-empty one (mfence) may.
// EXPECT: correct
// ASM: 2
#include <assert.h>
#define barrier() __asm__ __volatile__("" : : : "memory")
int main(void) {
  int buf[2] = {1, 2};
  int *p = buf;
  barrier();
  __asm__ volatile("" : : "r"(p) : "memory");
  assert(buf[0] == 1 && buf[1] == 2);
  return 0;
}
