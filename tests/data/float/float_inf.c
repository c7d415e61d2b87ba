// EXPECT: bug
// An infinity: x * 10 == x for x > 1e308 only when x is +inf (a nondet input may be one).
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 1e308 && x * 10.0 == x) reach_error();
  return 0;
}
