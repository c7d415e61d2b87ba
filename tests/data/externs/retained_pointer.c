// A function without a body may keep a pointer and write through it in a later call.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
void reg(int *p);
void tick(void);
int main(void) {
  int x = 0;
  reg(&x);
  x = 1;
  tick();
  assert(x == 1);
  return 0;
}
