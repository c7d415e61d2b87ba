// A "memory" clobber with an "m" input (the kernel's readl reads *addr so): the asm gets
// the operand's address and may write the object, also when another class of memory is
// byte level (a float viewed as bytes below) and memory stays split by class.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  float f = 1.5f;
  unsigned char b[sizeof f];
  memcpy(b, &f, sizeof f);
  int v = 3;
  int *pv = &v;
  int r;
  asm volatile("movl %1, %0" : "=r"(r) : "m"(*pv) : "memory");
  assert(v == 3);
  return b[0] == 7;
}
