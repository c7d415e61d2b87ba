// EXPECT: correct
// FLAGS: --encoding int
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  __VERIFIER_assume(b != 0 && a > -1000 && a < 1000 && b > -50 && b < 50);
  if (a / b * b + a % b != a) reach_error();
  if (a < 0 && b > 0 && a % b > 0) reach_error();
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  return 0;
}
