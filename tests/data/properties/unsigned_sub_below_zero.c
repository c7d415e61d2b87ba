// EXPECT: bug
// PROPERTY: unsigned-overflow
// FLAGS: --unsigned-overflow-check --signed-overflow-check --bound 2
// n - 1 with n == 0 wraps to UINT_MAX
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned m = 3u * (n % 100u);
  unsigned last = n - 1u;  // <-
  return (int)(last / 2u > m);
}
