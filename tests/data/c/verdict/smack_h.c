// EXPECT: correct
// FLAGS: --data-model LP64
#include "smack.h"
int main(void) {
  long x = __VERIFIER_nondet_long();
  assume(x > 0 && x < 100);
  assert(x * 2 > x);
  return 0;
}
