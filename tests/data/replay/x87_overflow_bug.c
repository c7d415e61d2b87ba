// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model ILP32
// IEEE double arithmetic at ILP32: a * 10 overflows to infinity, so a * 10 / 10 != a.
// An x87 build keeps the product in 80 bits (no overflow) and never reaches the error;
// the replay builds with SSE arithmetic (replay/native.py) so that it does.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double a = __VERIFIER_nondet_double();
  if (a != 1e308)
    return 0;
  if (a * 10.0 / 10.0 != a)
    reach_error();
  return 0;
}
