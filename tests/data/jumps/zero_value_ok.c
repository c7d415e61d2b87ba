// EXPECT: correct
// longjmp(env, 0) makes setjmp return 1 (C11 7.13.2.1).
#include <assert.h>
#include <setjmp.h>
static jmp_buf env;
static void back(void) { longjmp(env, 0); }
int main(void) {
  volatile int calls = 0;
  int r = setjmp(env);
  if (r == 0) {
    calls++;
    back();
  }
  assert(r == 1 && calls == 1);
  return 0;
}
