// EXPECT: bug
// A double in (2.5, 3.5) converts (truncating toward zero) to 2 or 3: 2 when d < 3.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d > 2.5 && d < 3.5) {
    int i = (int)d;
    if (i != 3) reach_error();
  }
  return 0;
}
