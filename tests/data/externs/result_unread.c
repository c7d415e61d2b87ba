// The error does not depend on the call of the function without a body: its result is
// not read on the way there, so the bug is a bug found whatever get() does.
// EXPECT: bug
// PURE: bug
// HAVOCS:
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int get(void);
int main(void) {
  int v = get();
  int x = __VERIFIER_nondet_int();
  if (x == 7)
    reach_error();
  return v;
}
