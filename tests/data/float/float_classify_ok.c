// EXPECT: correct
// <math.h>'s classification macros and constants: NAN, INFINITY, HUGE_VAL, isnan, isinf,
// isfinite, isnormal, fpclassify, signbit, isless/isunordered.
#include <math.h>
#include <float.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!isnan(NAN) || !isinf(INFINITY) || !isinf(-HUGE_VAL) || isfinite(INFINITY))
    reach_error();
  if (isnan(x) != (x != x)) reach_error();
  if (isfinite(x) && (x > DBL_MAX || x < -DBL_MAX)) reach_error();
  if (fpclassify(x) == FP_ZERO && x != 0.0) reach_error();
  if (fpclassify(x) == FP_SUBNORMAL && (isnormal(x) || fabs(x) >= DBL_MIN)) reach_error();
  if (fpclassify(DBL_TRUE_MIN) != FP_SUBNORMAL || fpclassify(1.0f) != FP_NORMAL)
    reach_error();
  if (!signbit(-0.0) || signbit(0.0) || !signbit(-1.0f)) reach_error();
  if (isless(x, NAN) || !isunordered(x, NAN)) reach_error();
  if (!isnan(x) && isless(x, 0.0) != (x < 0.0)) reach_error();
  return 0;
}
