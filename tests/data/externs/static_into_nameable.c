// A `static` global whose address is stored into a global that other files can name may
// be reached through that global by a function without a body.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
static int g = 1;
int *keep;
void poke(void);
int main(void) {
  keep = &g;
  poke();
  assert(g == 1);
  return 0;
}
