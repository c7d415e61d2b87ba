// EXPECT: bug
// PROPERTY: unsigned-overflow
// FLAGS: --unsigned-overflow-check --bound 2
// an unsigned sum that wraps past UINT_MAX (defined in C, flagged on request)
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = 4000000000u;
  if (a < 100u)
    return 0;
  unsigned s = a + b;  // <-
  return s == 7u;
}
