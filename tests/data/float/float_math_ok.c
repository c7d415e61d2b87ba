// EXPECT: correct
// math.h: fabs, sqrt, floor, ceil, trunc, round, fmin, fmax, copysign, fma, fmod.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (fabs(x) < 0.0 || (x == x && fabs(-x) != fabs(x))) reach_error();
  if (x > -100.0 && x < 100.0 && (floor(x) > x || ceil(x) < x)) reach_error();
  if (trunc(2.7) != 2.0 || trunc(-2.7) != -2.0 || round(2.5) != 3.0 || round(-2.5) != -3.0)
    reach_error();
  if (floor(-0.5) != -1.0 || ceil(-0.5) != 0.0 || !signbit(ceil(-0.5))) reach_error();
  if (sqrt(4.0) != 2.0 || sqrt(2.0) * sqrt(2.0) == 2.0) reach_error();
  if (!isnan(sqrt(-1.0)) || sqrtf(2.25f) != 1.5f) reach_error();
  if (fmin(3.0, NAN) != 3.0 || fmax(1.0, 2.0) != 2.0 || fminf(-1.0f, 2.0f) != -1.0f)
    reach_error();
  if (copysign(2.0, -0.0) != -2.0 || copysign(-2.0, 1.0) != 2.0) reach_error();
  if (fma(0.1, 10.0, -1.0) <= 0.0) reach_error();      /* fused: 2^-54, not 0 */
  if (fmod(7.5, 2.0) != 1.5 || fmod(-7.5, 2.0) != -1.5 || fmod(5.0, 2.5) != 0.0) reach_error();
  if (!isnan(fmod(1.0, 0.0)) || fmod(1.5, INFINITY) != 1.5) reach_error();
  return 0;
}
