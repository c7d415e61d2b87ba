// F is also called by the program and by itself: the harness calls it once, and the
// global initialisers run once, before it (not at each call of F).
// FLAGS: --function descend --bound 5
// EXPECT: bug
// VERDICT@descend: bug
// REPLAY@descend: confirmed
// FRONTENDS: c llvm
#include <assert.h>
int depth = 0;
void descend(int n)
{
  depth++;
  if (n > 0)
    descend(n - 1);
  assert(depth <= 3);
}
int main(void) { descend(1); return 0; }
