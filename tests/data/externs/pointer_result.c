// An object a function without a body returned may be written by a later call.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
struct dev { int state; };
struct dev *open_dev(void);
void kick(void);
int main(void) {
  struct dev *d = open_dev();
  d->state = 1;
  kick();
  assert(d->state == 1);
  return 0;
}
