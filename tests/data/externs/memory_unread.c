// The function without a body may write the array, but the error reads only x, which
// it cannot reach: a bug found.
// EXPECT: bug
// PURE: bug
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void fill(int *p);
int main(void) {
  int a[2] = {1, 2};
  int x = __VERIFIER_nondet_int();
  fill(a);
  if (x > 10)
    reach_error();
  return a[0];
}
