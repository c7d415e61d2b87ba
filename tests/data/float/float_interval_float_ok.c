// EXPECT: correct
// The float version of issue 37's example: float arithmetic, float constants.
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assert(int);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x > 0.5f && x < 2.0f) __VERIFIER_assert(x * 2.0f > 1.0f);
  return 0;
}
