// Nondeterministic values in execution order: x, then the one inside f, then y (the
// Boogie block of main spans the call, so a per-block order would put y before f's).
// EXPECT: bug
// FLAGS: --bound 1 --strategy si --no-replay
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int g;

void f(void) { g = __VERIFIER_nondet_int(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  f();
  int y = __VERIFIER_nondet_int();
  if (x == 1 && g == 2 && y == 3)
    reach_error();
  return 0;
}
