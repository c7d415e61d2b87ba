// REPLAY: confirmed
// VALUES: 3 => confirmed
// VALUES: 4 => not_reached
// SMACK's initialisation functions run natively too (constructors of the stand-in
// smack.h, in definition order), before main reads g.
#include "smack.h"
int g = 1;
__SMACK_INIT(first) { g = g + 1; }
__SMACK_INIT(second) { g = g * 10; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(g + x != 23);
  return 0;
}
