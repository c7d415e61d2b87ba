// EXPECT: bug
// Each failed attempt jumps back; after three jumps the assertion fails.
#include <assert.h>
#include <setjmp.h>
extern int __VERIFIER_nondet_int(void);
static jmp_buf env;
static volatile int tries;
static void attempt(void) {
  if (__VERIFIER_nondet_int())
    longjmp(env, 1);
}
int main(void) {
  tries = 0;
  if (setjmp(env) != 0)
    tries++;
  assert(tries < 3);
  if (tries < 5)
    attempt();
  return 0;
}
