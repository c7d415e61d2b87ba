#include <assert.h>
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x > 0.5f && x < 2.0f) assert(x * 2.0f > 1.0f);
  return 0;
}
