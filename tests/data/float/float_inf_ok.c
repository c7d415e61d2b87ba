// EXPECT: correct
// Overflow to infinity, 1/inf == 0, inf - inf is NaN, isinf sees both signs.
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double big = __VERIFIER_nondet_double();
  if (big != 1e308) return 0;
  double inf = big * 10.0;
  if (!isinf(inf) || inf <= big || 1.0 / inf != 0.0) reach_error();
  if (!isnan(inf - inf) || !isinf(-inf) || -inf >= -big) reach_error();
  return 0;
}
