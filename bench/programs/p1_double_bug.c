#include <assert.h>
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 0.5 && x < 2.0) {
    double third = x / 3.0;
    assert(third * 3.0 == x);   /* fails for x = 0.59, say: rounding */
  }
  return 0;
}
