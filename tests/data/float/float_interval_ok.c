// EXPECT: correct
// Issue 37's example: x in (0.5, 2.0) implies x * 2.0 > 1.0 (IEEE double, rounded).
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assert(int);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 0.5 && x < 2.0) __VERIFIER_assert(x * 2.0 > 1.0);
  return 0;
}
