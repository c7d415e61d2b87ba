// REPLAY: not_replayable
// VALUES: 5 => not_replayable
// VALUES: -5 => not_replayable
// Injected Boogie cannot run natively: the harness's __SMACK_code only notes that the run
// skipped it, and such a run is never a confirmation, whether it reaches the error (x = 5:
// the skipped assume would have made x -1) or not.
#include "smack.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  int m = -1;
  __SMACK_code("@ := @;", x, m);
  assert(x != -1);
  return 0;
}
