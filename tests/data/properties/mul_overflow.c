// EXPECT: bug
// PROPERTY: overflow
// FLAGS: --signed-overflow-check --bound 2
// two factors below 100000 can still overflow a 32-bit int
int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 99999 || b < 0 || b > 99999)
    return 0;
  int p = a * b;  // <-
  return p != 7;
}
