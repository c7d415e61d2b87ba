// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// A float between 2^24 and 2^24 + 4 (exclusive) is 2^24 + 2: float's bit pattern.
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (f > 16777216.0f && f < 16777220.0f) reach_error();
  return 0;
}
