// The unknown result reaches the condition through a function with a body.
// EXPECT: possible-bug
// PURE: possible-bug
// HAVOCS:
extern void reach_error(void);
int get(void);
static int twice(int x) { return 2 * x; }
int main(void) {
  int v = twice(get());
  if (v == 84)
    reach_error();
  return 0;
}
