// The harness' assumption: objects at most three levels deep, the third level's pointers
// NULL (MAX_LEVELS, README "Entry functions"); a user who needs more writes a main.
// FLAGS: --function fourth --bound 2
// EXPECT: correct
// VERDICT@fourth: correct
// FRONTENDS: c llvm
#include <assert.h>
struct node { int value; struct node *next; };
void fourth(struct node *n)
{
  if (n->next != 0 && n->next->next != 0)
    assert(n->next->next->next == 0);
}
int main(void) { return 0; }
