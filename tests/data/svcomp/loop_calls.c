// EXPECT: FALSE
// EVENTS: input@11 enter:add@12 return:add@12 input@11 enter:add@12 return:add@12 input@11 enter:add@12 return:add@12
// Inputs inside a loop body, each followed by a call: the witness keeps them in order.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "loop_calls.c", 6, "reach_error"); }
int sum = 0;
void add(int v) { sum = sum + v; }
int main(void) {
  for (int i = 0; i < 3; i++) {
    int v = __VERIFIER_nondet_int();
    add(v);
  }
  if (sum == 7 && sum > 0) {
    reach_error();
  }
  return 0;
}
