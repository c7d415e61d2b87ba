// EXPECT: correct
// NaN compares false with everything (ordered predicates), true with != (unordered).
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double zero = __VERIFIER_nondet_double();
  if (zero != 0.0) return 0;
  double n = zero / zero;
  if (n == n || n < 1.0 || n >= 1.0 || !(n != n)) reach_error();
  if (!isnan(n) || isinf(n)) reach_error();
  double x = __VERIFIER_nondet_double();
  if (x == x && isnan(x)) reach_error();
  return 0;
}
