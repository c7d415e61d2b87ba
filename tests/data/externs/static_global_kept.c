// A `static` global cannot be named outside its file: its address, stored only in the
// program's own static memory, never reaches a function without a body (LLVM: linkage
// decides).  The C front end's escape is by type (its address is taken): coarser, sound.
// EXPECT@llvm: correct
// EXPECT@c: possible-bug
// PURE: correct
#include <assert.h>
static int g = 1;
static int *keep;
void poke(void);
int main(void) {
  keep = &g;
  poke();
  assert(g == 1);
  return *keep - 1;
}
