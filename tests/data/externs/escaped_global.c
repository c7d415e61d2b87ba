// A global whose address escaped may be written by any function without a body.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
int g = 1;
int *keep;
void poke(void);
int main(void) {
  keep = &g;
  poke();
  assert(g == 1);
  return 0;
}
