// EXPECT: correct
// memset with a value known at run time only (the LDV model's ldv_memset(s, c, n)):
// every byte is (unsigned char)c, in byte and in word regions.
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  unsigned char b[4];
  int w[2];
  memset(b, c, sizeof b);
  memset(w, c, sizeof w);
  assert(b[0] == (unsigned char)c && b[3] == (unsigned char)c);
  if ((c & 255) == 1)
    assert(w[1] == 0x01010101);
  if ((c & 255) == 255)
    assert(w[0] == -1);
  if ((c & 255) == 0)
    assert(w[0] == 0 && w[1] == 0);
  return 0;
}
