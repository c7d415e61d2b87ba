/* Fuzz seed (pycorral's own): a recursive count; the error needs the input 7. */
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) {}

unsigned int up(unsigned int n) {
  if (n == 0) return 0;
  return up(n - 1) + 1;
}

int main(void) {
  unsigned int seed = __VERIFIER_nondet_uint();
  unsigned int got = up(seed);
  if (got == 7) {
    ERROR: {reach_error(); abort();}
  }
  return 0;
}
