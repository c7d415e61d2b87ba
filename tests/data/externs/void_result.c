// A `void *` result seen as a `short *`: a later call may write the object.
// EXPECT: possible-bug
// PURE: correct
// HAVOCS@c: $M.i16
#include <assert.h>
void *get_buf(void);
void refill(void);
int main(void) {
  short *s = get_buf();
  *s = 1;
  refill();
  assert(*s == 1);
  return 0;
}
