// EXPECT: correct
// Two handlers: the inner buffer catches the inner failure, the outer one the outer; a
// recursive descent unwinds several frames at once.
#include <assert.h>
#include <setjmp.h>
extern int __VERIFIER_nondet_int(void);
static jmp_buf outer, inner;
static int depth;
static void descend(int n) {
  depth++;
  if (n == 0)
    longjmp(inner, 7);
  descend(n - 1);
  depth--;
}
static int guarded(int n) {
  int r = setjmp(inner);
  if (r != 0)
    return r;
  descend(n);
  return 0;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3)
    return 0;
  depth = 0;
  if (setjmp(outer) != 0) {
    assert(0);                 /* nothing jumps to the outer buffer */
  }
  int r = guarded(n);
  assert(r == 7 && depth == n + 1);
  return 0;
}
