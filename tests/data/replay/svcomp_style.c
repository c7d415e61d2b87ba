// REPLAY: confirmed
// SV-COMP's usual prelude: reach_error is defined as a call of __assert_fail and
// __VERIFIER_assert is defined by the program; assume restricts the input.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_style.c", 7, "reach_error"); }
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {reach_error(); abort();}
  }
  return;
}
int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 20);
  int i = 0, s = 0;
  while (i < n) { s += 2; i++; }
  __VERIFIER_assert(s != 4);
  return 0;
}
