// EXPECT: bug
// PROPERTY: division-by-zero
// FLAGS: --div-by-zero-check --signed-overflow-check --bound 2
// x / y with y read from the input: y == 0 divides by zero.
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < 0 || x > 100)
    return 0;
  return x / y;  // <-
}
