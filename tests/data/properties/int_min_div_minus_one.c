// EXPECT: bug
// PROPERTY: overflow
// FLAGS: --signed-overflow-check --div-by-zero-check --bound 2
// INT_MIN / -1 overflows (the divisor is never zero here).
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  if (d == 0)
    return 0;
  if (x < -2147483600)
    return x / d;  // <-
  return 1;
}
