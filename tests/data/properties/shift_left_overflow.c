// EXPECT: bug
// PROPERTY: overflow
// FLAGS: --signed-overflow-check --bound 2
// a positive int shifted left into (or past) the sign bit
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 1000 || x > 100000000)
    return 0;
  int y = x << 5;  // <-
  return y;
}
