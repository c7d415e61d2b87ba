// A pointer passed among the variable arguments is reachable too.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
void scan(const char *fmt, ...);
int main(void) {
  int x = 0;
  scan("%d", &x);
  assert(x == 0);
  return 0;
}
