// EXPECT: FALSE
// INPUTS: 3
// A recursive count of ones: the error needs the input 3.  Its witnesses are the good
// examples that tests/test_svcomp_witness.py breaks one rule at a time.
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
  unsigned int total = ones(steps);
  if (total == 3)
    reach_error();
  return 0;
}
