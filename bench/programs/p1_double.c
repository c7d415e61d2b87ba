#include <assert.h>
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 0.5 && x < 2.0) assert(x * 2.0 > 1.0);
  return 0;
}
