// EXPECT: correct
// x * y - x * y is 0 when each operation is rounded on its own (C without FP_CONTRACT,
// SV-COMP, gcc on x86): clang must not contract it to fma(x, y, -(x * y)), whose answer is
// the rounding error of 0.1f * 10 (about 1.5e-8).  Before -ffp-contract=off the LLVM front
// end reported a bug the native run never reaches (floats-cbmc-like, issue 37).
extern void reach_error(void);
int main(void) {
  float x = 0.1f;
  float y = 10.0f;
  float d = x * y - x * y;
  if (d != 0.0f) reach_error();
  return 0;
}
