// The inertial-refinement paper's Example 2 (seed paper 003, Fig. 1 and Sec. IV) in C:
// foo's line-12 assertion y >= 0 fails exactly when p is null and c > 0 (x = c, y = neg(c)),
// which needs neg but never the "complex" bar.  See foo.bpl for the rounds.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
#define assert(e) do { if (!(e)) __VERIFIER_error(); } while (0)

int neg(int a) {
  if (a > 0) return -a;
  else return a;
}

int bar(int a) {
  int r = 0;
  while (a > 0) { r += a * a; a--; }
  return r;
}

void foo(int *p, int c) {
  int x, y;
  if (p == 0)
    x = c;
  else x = bar(*p);
  if (x == c)
    y = neg(x);
  else y = 0;
  assert(y >= 0);
}

int main(void) {
  int v = __VERIFIER_nondet_int();
  int *p = __VERIFIER_nondet_int() ? &v : 0;
  int c = __VERIFIER_nondet_int();
  foo(p, c);
  return 0;
}
