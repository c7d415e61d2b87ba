// A function without a body writes through its pointer argument.
// EXPECT: possible-bug
// PURE: correct
// HAVOCS@c: $M.i32
#include <assert.h>
void set(int *p);
int main(void) {
  int x = 0;
  set(&x);
  assert(x == 0);
  return 0;
}
