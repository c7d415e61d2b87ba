// EXPECT: bug
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = 0, b = 0;
  int *p = __VERIFIER_nondet_int() ? &a : &b;
  *p = 5;
  if (a == 5) reach_error();
  return 0;
}
