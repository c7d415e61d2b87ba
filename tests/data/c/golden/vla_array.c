// variable-length arrays and multi-dimensional arrays
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  int a[n];
  int m[2][3];
  a[n - 1] = 4;
  m[1][2] = a[n - 1];
  return m[1][2];
}
