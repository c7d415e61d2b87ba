// Pointers inside an argument object are nondeterministic addresses (NULL among them):
// the model may choose one equal to the object itself; the native run cannot follow such
// an address, so the bug is reported as not replayable (never as confirmed, never turned
// into "unknown").  The LLVM front end has no nondeterministic pointers: unknown.
// FLAGS: --function no_self_loop --bound 1
// EXPECT: bug
// VERDICT@no_self_loop: bug
// REPLAY@no_self_loop: not_replayable
// FRONTENDS: c llvm
// EXPECT@llvm: unknown
#include <assert.h>
struct node { int value; struct node *next; };
void no_self_loop(struct node *n)
{
  if (n->next != 0)
    assert(n->next != n);
}
int main(void) { return 0; }
