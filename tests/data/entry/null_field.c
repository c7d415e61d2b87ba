// A NULL pointer inside an argument object replays faithfully.
// FLAGS: --function last_value --bound 1
// EXPECT: bug
// VERDICT@last_value: bug
// REPLAY@last_value: confirmed
// FRONTENDS: c llvm
#include <assert.h>
struct node { int value; struct node *next; };
int last_value(struct node *n)
{
  if (n->next == 0)
    assert(n->value != 42);
  return n->value;
}
int main(void) { return 0; }
