// The result is any value of its type, with or without --extern-pure.
// EXPECT: possible-bug
// PURE: possible-bug
// HAVOCS:
#include <assert.h>
int get(void);
int main(void) {
  int v = get();
  assert(v != 7);
  return 0;
}
