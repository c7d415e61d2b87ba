// EXPECT: bug
// 0.1 + 0.2 != 0.3 in double: the error is reached when the input is 0.1.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double a = __VERIFIER_nondet_double();
  if (a == 0.1 && a + 0.2 != 0.3) reach_error();
  return 0;
}
