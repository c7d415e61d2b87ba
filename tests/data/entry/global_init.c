// Globals start with their initial values, as C says (main's static initialisation still
// runs): without them the assertion could fail.
// FLAGS: --function within --bound 1
// EXPECT: correct
// VERDICT@within: correct
// FRONTENDS: c llvm
#include <assert.h>
int limit = 10;
static int table[4] = {1, 2, 3, 4};
void within(int x)
{
  if (x >= 0 && x < 4)
    assert(table[x] < limit);
}
int main(void) { within(2); return 0; }
