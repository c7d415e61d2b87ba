// Through a pointer field of a `const` argument the memory is writable.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
struct req { int *out; int len; };
void submit(const struct req *r);
int main(void) {
  int v = 0;
  struct req r = { &v, 1 };
  submit(&r);
  assert(v == 0);
  return 0;
}
