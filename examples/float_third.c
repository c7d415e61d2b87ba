/* Floating point: x / 3.0 * 3.0 is not always x (rounding).  pycorral finds such an x
   between 0.5 and 2 and replays it natively with its exact bits:
       .venv/bin/pycorral check examples/float_third.c                                  */
#include <assert.h>

extern double __VERIFIER_nondet_double(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 0.5 && x < 2.0) {
    double third = x / 3.0;
    assert(third * 3.0 == x);
  }
  return 0;
}
