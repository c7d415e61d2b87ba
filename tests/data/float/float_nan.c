// EXPECT: bug
// NaN != NaN: an input x with x != x exists (a NaN), so the error is reachable.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x != x) reach_error();
  return 0;
}
