// A `const T *` argument's own cells are kept (C); LLVM IR has no const: writable there.
// EXPECT@c: correct
// EXPECT@llvm: possible-bug
// PURE: correct
// HAVOCS@c:
#include <assert.h>
struct cfg { int limit; };
int use(const struct cfg *c);
int main(void) {
  struct cfg c = { 5 };
  int r = use(&c);
  assert(c.limit == 5);
  return r;
}
