// EXPECT: correct
// A correct summing loop: n readings, each between 0 and 10, never sum above 10 * n.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  int sum = 0;
  for (int i = 0; i < n; i++) {
    int r = __VERIFIER_nondet_int();
    if (r < 0 || r > 10)
      r = 0;
    sum += r;
  }
  assert(sum <= 10 * n);
  return 0;
}
