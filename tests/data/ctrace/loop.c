// A while loop driven by nondeterministic input, left with break.
// EXPECT: bug
// FLAGS: --bound 4 --strategy si --no-replay
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
  int count = 0;
  int total = 0;
  while (count < 10) {
    int step = __VERIFIER_nondet_int();
    if (step <= 0)
      break;
    __VERIFIER_assume(step == count + 1);
    total += step;
    count++;
  }
  assert(total != 3 || count != 2);
  return 0;
}
