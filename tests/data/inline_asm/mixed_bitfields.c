// Bit-fields of different declared widths in one run, as CIL prints the kernel's
// struct held_lock (lockdep; it stopped every LDV task with lock debugging in the C
// front end): gcc's placement, read back through the bytes (0xb4b7dabc: gcc -m64).
// EXPECT: correct
// FRONTENDS: c
#include <assert.h>
struct held {
  unsigned long long key;
  unsigned short class_idx : 13;
  unsigned char irq : 2;
  unsigned char trylock : 1;
  unsigned char read : 2;
  unsigned char check : 2;
  unsigned char off : 1;
  unsigned short refs : 11;
};
int main(void) {
  struct held h = {0};
  h.class_idx = 0x1abc; h.irq = 2; h.trylock = 1; h.read = 3; h.check = 1; h.off = 1;
  h.refs = 0x5a5;
  assert(sizeof(struct held) == 16);
  assert(h.class_idx == 0x1abc && h.irq == 2 && h.read == 3 && h.refs == 0x5a5);
  unsigned char *b = (unsigned char *)&h;
  unsigned int w = b[8] + b[9] * 256u + b[10] * 65536u + b[11] * 16777216u;
  assert(w == 0xb4b7dabc);
  return 0;
}
