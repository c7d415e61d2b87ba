// EXPECT: correct
// FLAGS: --conversion-check --encoding bv
// Below 2^31 the truncated value fits an int: no violation of the conversion check.
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d > -2147483649.0 && d < 2147483648.0) return (int)d;
  return 0;
}
