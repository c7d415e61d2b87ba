// REPLAY: confirmed
// Truncation and sign extension through short and unsigned short.
#include <assert.h>
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  int sum = s + us;
  if (s < 0 && us > 40000)
    assert(sum != 65535 - 40000);
  return 0;
}
