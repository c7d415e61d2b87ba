// EXPECT: correct
// The low byte of an int cleared through a char view: the int's memory is byte level
// in both front ends (a byte-level points-to class, a byte-level region), so
// `--encoding auto` translates it in bit-vectors (frontend/encoding_choice.py).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char *p = (unsigned char *)&x;
  p[0] = 0;
  assert((x & 0xff) == 0);
  return 0;
}
