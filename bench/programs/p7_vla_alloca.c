#include <assert.h>
#include <alloca.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int v[n];
  int *w = alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) { v[i] = i; w[i] = 2 * i; }
  assert(w[n - 1] == 2 * v[n - 1]);
  assert(sizeof v == n * sizeof(int));
  return 0;
}
