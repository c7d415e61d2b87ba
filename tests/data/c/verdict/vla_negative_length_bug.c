// EXPECT: bug
// FLAGS: --data-model LP64
// A negative array length is undefined behaviour (C11 6.7.6.2p5), not the end of the
// path: converted to size_t it asks for a block no allocation can give, which used to
// drop the path silently and prove this program correct.  It counts as 0 (vla.py).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n >= 0) return 0;
  int v[n];
  v[0] = n;
  reach_error();
  return 0;
}
