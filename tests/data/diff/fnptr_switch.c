// EXPECT: bug
// A switch selecting a function pointer, called indirectly.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
static int neg(int x) { return -x; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int (*f)(int);
  switch (k) {
  case 0: f = inc; break;
  case 1: f = dbl; break;
  default: f = neg; break;
  }
  if (f(5) == -5 && k == 17) reach_error();
  return 0;
}
