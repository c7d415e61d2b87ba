/* Every query on this program is slow: reach_error is reached only at a factorization of
   1000000007 * 1000000009, which z3 does not find quickly. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void reach_error(void);
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  unsigned long long y = __VERIFIER_nondet_ulonglong();
  if (x > 1 && y > 1 && x < 4294967296ULL && y < 4294967296ULL
      && x * y == 1000000016000000063ULL)
    reach_error();
  return 0;
}
