// EXPECT: correct
// FLAGS: --encoding bv
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a == -7 && (b == 2 || b == -2));
  if (a / b * b + a % b != a) reach_error();
  if (a % b != -1) reach_error();
  if (a / b != 3 && a / b != -3) reach_error();
  return 0;
}
