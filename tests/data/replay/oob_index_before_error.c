// The first trace to the error (bound 1) writes far outside s.a: natively a crash, not
// the error.  check searches again assuming the index inside the array and finds the
// error after the loop, which the native run confirms (pycorral/ub_retry.py,
// tests/test_ub_retry.py).
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
struct S { int a[8]; int n; };
int main(void) {
  struct S s;
  unsigned i = __VERIFIER_nondet_uint();
  s.n = 0;
  if (i > 1000000u) {
    s.a[i] = 1;          /* far outside: natively a crash, not the error */
    reach_error();
  }
  for (int k = 0; k < 3; k++)
    s.n += __VERIFIER_nondet_int() == k;
  if (s.n == 3)
    reach_error();       /* reached without undefined behaviour, after the loop */
  return 0;
}
