// EXPECT: correct
// -0.0 == 0.0 (IEEE comparison), yet they differ: 1/-0.0 is -inf, signbit, copysign.
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double z = __VERIFIER_nondet_double();
  if (z != 0.0) return 0;
  double n = -z;
  if (n != z || !(n == 0.0)) reach_error();
  if (signbit(z) == signbit(n)) reach_error();
  double r = 1.0 / (signbit(z) ? z : n);
  if (r >= 0.0 || !isinf(r)) reach_error();
  if (copysign(3.0, n) != -3.0 && copysign(3.0, z) != -3.0) reach_error();
  return 0;
}
