// A heap-allocated linked list: built, then walked; the sum is wrong for three nodes.
// EXPECT: bug
// FLAGS: --bound 4 --strategy si --no-replay
#include <assert.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = head;
  return n;
}

int main(void) {
  struct node *head = NULL;
  for (int i = 1; i <= 3; i++)
    head = push(head, i * 10);
  int sum = 0;
  for (struct node *p = head; p != NULL; p = p->next)
    sum += p->val;
  assert(sum != 60);
  return 0;
}
