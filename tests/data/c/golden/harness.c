// SV-COMP harness functions
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: reach_error(); abort(); } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(x > 0);
  __VERIFIER_assert(x + c > 0);
  return 0;
}
