// EXPECT: correct
// SLOW@llvm: int
// Halving a float in [1, 100) through a global and an array element is exact (it would not
// be for a subnormal), truncates into [0, 50), and float -> double -> float is the identity.
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
float scale = 0.5f;
float arr[4];
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (f >= 1.0f && f < 100.0f) {
    arr[2] = f * scale;
    if (arr[2] * 2 != f) reach_error();
    int k = (int)arr[2];
    if (k < 0 || k >= 50) reach_error();
    double wide = f;
    if ((float)wide != f) reach_error();
  }
  return 0;
}
