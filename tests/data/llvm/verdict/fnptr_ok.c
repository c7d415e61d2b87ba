// EXPECT: correct
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int twice(int x) { return 2 * x; }
static int plus1(int x) { return x + 1; }
int apply(int (*f)(int), int v) { return f(v); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int r = apply(k > 0 ? twice : plus1, 10);
  if (k > 0 && r != 20) reach_error();
  if (k <= 0 && r != 11) reach_error();
  return 0;
}
