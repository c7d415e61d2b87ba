// An array filled in a loop and read at a nondeterministic index.
// EXPECT: bug
// FLAGS: --bound 5 --strategy si --no-replay
#include <assert.h>

extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++)
    a[i] = i * i;
  unsigned int k = __VERIFIER_nondet_uint();
  if (k < 4) {
    a[k] = a[k] + 1;
    assert(a[k] != 10);        /* a[3] is 9: k == 3 fails */
  }
  return 0;
}
