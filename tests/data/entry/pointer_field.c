// Pointers inside an argument object are NULL or fresh objects of their own (a tree of
// distinct objects, frontend/c/entry_harness.py): never the object itself, so this holds
// in both front ends.
// FLAGS: --function no_self_loop --bound 1
// EXPECT: correct
// VERDICT@no_self_loop: correct
// FRONTENDS: c llvm
#include <assert.h>
struct node { int value; struct node *next; };
void no_self_loop(struct node *n)
{
  if (n->next != 0)
    assert(n->next != n && n->next->next != n);
}
int main(void) { return 0; }
