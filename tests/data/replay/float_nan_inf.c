// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// A NaN and an infinity as inputs, and a conversion to int.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double n = __VERIFIER_nondet_double();
  double i = __VERIFIER_nondet_double();
  double d = __VERIFIER_nondet_double();
  if (n != n && isinf(i) && i < 0 && d > 0 && d < 8 && (int)d == 7 && d != 7.0) reach_error();
  return 0;
}
