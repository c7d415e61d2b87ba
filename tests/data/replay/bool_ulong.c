// REPLAY: confirmed
// FLAGS: --data-model LP64
// _Bool and a 64-bit unsigned long (LP64).
#include <assert.h>
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  unsigned long x = __VERIFIER_nondet_ulong();
  if (b && x > 18000000000000000000UL)
    assert(0);
  return 0;
}
