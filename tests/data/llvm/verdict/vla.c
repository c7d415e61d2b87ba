// EXPECT: bug
// A variable-length array (alloca of a non-constant count, stacksave/stackrestore).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint() % 8 + 1;
  int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = (int)i;
  if (a[n - 1] == 2) reach_error();     /* n == 3 */
  return 0;
}
