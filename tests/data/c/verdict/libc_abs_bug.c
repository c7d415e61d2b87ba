// EXPECT: bug
// abs, labs, llabs in the C front end: |x| (they were functions without a body: a possible bug)
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  assert(abs(x) >= 0 && labs(-9L) == 9 && llabs(-3LL) == 3);
  assert(abs(x) != 100);
  return 0;
}
