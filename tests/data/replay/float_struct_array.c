// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// A float stored in a struct member and an array element: only f = 2^24 + 1 rounds (as a
// float: to 2^24) so that the sum misses by one -- the replay must pass f's exact pattern.
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
struct S { float f; int n; };
float cells[2];
int main(void) {
  struct S s;
  s.f = __VERIFIER_nondet_float();
  s.n = 16777217;
  cells[1] = s.f + 1.0f;
  if (s.f == 16777216.0f && cells[1] == s.f) reach_error();
  return 0;
}
