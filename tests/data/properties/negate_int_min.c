// EXPECT: bug
// PROPERTY: overflow
// FLAGS: --signed-overflow-check --bound 2
// -x overflows only for x == INT_MIN
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x >= 0)
    return 0;
  int y = -x;  // <-
  return y > 0;
}
