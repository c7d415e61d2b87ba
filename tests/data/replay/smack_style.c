// REPLAY: confirmed
// SMACK's smack.h: assume and assert, with a long long and a negative int.
#include "smack.h"
int main(void) {
  long long big = __VERIFIER_nondet_long_long();
  int k = __VERIFIER_nondet_int();
  assume(big > 5000000000LL);
  assume(k < -7);
  assert(big + k != 4999999990LL);
  return 0;
}
