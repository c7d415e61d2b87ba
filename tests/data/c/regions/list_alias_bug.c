// EXPECT: bug
// Pointers stored in struct fields and loaded back: the node reached through the list and
// the one named directly are the same object.
#include <stdlib.h>
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  if (!a || !b) return 0;
  a->v = 1; b->v = 2; a->next = b; b->next = 0;
  struct node *n = a->next;
  n->v = 3;
  if (b->v == 3) reach_error();
  return 0;
}
