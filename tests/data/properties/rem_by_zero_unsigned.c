// EXPECT: bug
// PROPERTY: division-by-zero
// FLAGS: --div-by-zero-check --bound 2
// an unsigned remainder by a counter that reaches zero
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned k = 2;
  unsigned r = 0;
  k = k - 1;
  r = n % k;
  k = k - 1;
  r = r + n % k;  // <-
  return (int)r;
}
