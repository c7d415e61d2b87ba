// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// Only -0.0 reaches the error (1/x is -inf): the replay must pass the exact sign bit.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x == 0.0 && 1.0 / x < 0.0) reach_error();
  return 0;
}
