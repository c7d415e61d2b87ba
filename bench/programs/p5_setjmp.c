#include <assert.h>
#include <setjmp.h>
extern int __VERIFIER_nondet_int(void);
static jmp_buf env;
static void fail(int code) { longjmp(env, code); }
static int parse(int x) {
  if (x < 0) fail(2);
  return x * 2;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = setjmp(env);
  if (r == 0) {
    int v = parse(x);
    assert(x >= 0);
    (void)v;
  } else {
    assert(r == 2 && x < 0);
  }
  return 0;
}
