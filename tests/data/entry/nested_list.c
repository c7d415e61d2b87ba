// A list of three nodes behind an argument pointer (the harness' deepest shape): the bug
// needs all three, and the native replay rebuilds them (both front ends).
// FLAGS: --function third_value --bound 2
// EXPECT: bug
// VERDICT@third_value: bug
// REPLAY@third_value: confirmed
// FRONTENDS: c llvm
#include <assert.h>
struct node { int value; struct node *next; };
int third_value(struct node *n)
{
  if (n->next != 0 && n->next->next != 0)
    assert(n->next->next->value != 7);
  return n->value;
}
int main(void) { return 0; }
