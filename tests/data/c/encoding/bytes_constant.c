// EXPECT: correct
// Byte-level memory (an int seen through a char view) into which only a constant and a
// single byte are stored: no computed value wider than a byte is split into bytes, the
// int encoding's slow case, so `--encoding auto` keeps mathematical integers.
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  int x = 0x01020304;
  unsigned char *p = (unsigned char *)&x;
  p[0] = __VERIFIER_nondet_uchar();
  assert(p[1] == 3);
  return 0;
}
