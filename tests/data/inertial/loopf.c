// The inertial-refinement paper's loopf (seed paper 003, Fig. 1 and Sec. IV-A) in C, with
// the exit assertion `n <= 0 || j < 2*n` that fails exactly when n >= 3 (see loopf.bpl).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
#define assert(e) do { if (!(e)) __VERIFIER_error(); } while (0)

void loopf(int n) {
  int i = 0, j = 0;
  while (i < n) {
    j = j + 2 * i;
    i++;
  }
  assert(n <= 0 || j < 2 * n);
}

int main(void) {
  loopf(__VERIFIER_nondet_int());
  return 0;
}
