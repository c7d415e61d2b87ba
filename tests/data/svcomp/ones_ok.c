// EXPECT: TRUE
// A recursive count of ones equals its argument (below 16): a proof needs the function's
// summary, so the answer comes with a correctness witness.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }

unsigned int ones(unsigned int n) {
  if (n == 0)
    return 0;
  return 1 + ones(n - 1);
}

int main(void) {
  unsigned int steps = __VERIFIER_nondet_uint();
  if (steps > 15)
    return 0;
  if (ones(steps) != steps)
    reach_error();
  return 0;
}
