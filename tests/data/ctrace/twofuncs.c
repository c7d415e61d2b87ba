// Two functions: one checks a value it gets through a pointer, the other calls it.
// EXPECT: bug
// FLAGS: --bound 2 --strategy si --no-replay
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int limit = 100;

int clamp(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

void check(int *slot) {
  int c = clamp(*slot, 0, limit);
  if (c == limit)
    reach_error();
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x == 150);
  check(&x);
  return 0;
}
