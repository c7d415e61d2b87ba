// EXPECT: bug
// PROPERTY: overflow
// FLAGS: --signed-overflow-check --bound 2
// INT_MAX + 1: the only overflowing value of x is INT_MAX.
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 2147483600) {
    int y = x + 1;  // <-
    return y;
  }
  return 0;
}
