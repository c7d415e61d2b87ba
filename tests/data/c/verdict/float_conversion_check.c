// EXPECT: bug
// FLAGS: --conversion-check --encoding bv
// A double below 1e10 converted to int: out of range (undefined) beyond 2^31 - 1, a
// violation of the conversion check (CBMC's float-to-int overflow, as the LLVM front end).
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d > 0.0 && d < 1e10) return (int)d;
  return 0;
}
