// An asm without outputs and without a "memory" clobber (an I/O port write, as the
// kernel's outb) changes nothing the program reads.
// EXPECT: correct
#include <assert.h>
static inline void outb(unsigned char v, unsigned short port) {
  __asm__ volatile("outb %b0, %w1" : : "a"(v), "Nd"(port));
}
int g = 3;
int main(void) {
  int buf[2] = {4, 5};
  outb(1, 0x80);
  __asm__ volatile("" : : "r"(buf), "m"(buf[1]));
  assert(g == 3 && buf[0] == 4 && buf[1] == 5);
  return 0;
}
