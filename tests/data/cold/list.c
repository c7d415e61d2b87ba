// EXPECT: bug
// A heap linked list: push n nodes, then remove the nodes holding 0.  `remove_zeros`
// moves on after unlinking a zero without looking at the node that took its place, so
// of two adjacent zeros the second stays.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { int val; struct node *next; };

struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  n->val = v;
  n->next = head;
  return n;
}

struct node *remove_zeros(struct node *head) {
  while (head && head->val == 0)
    head = head->next;
  struct node *p = head;
  while (p && p->next) {
    if (p->next->val == 0)
      p->next = p->next->next;
    p = p->next;                 /* BUG: the new p->next is not checked */
  }
  return head;
}

int main(void) {
  struct node *head = 0;
  int nonzero = 0;
  while (__VERIFIER_nondet_int()) {
    int v = __VERIFIER_nondet_int();
    head = push(head, v);
    if (v != 0)
      nonzero++;
  }
  head = remove_zeros(head);
  int n = 0;
  for (struct node *p = head; p; p = p->next)
    n++;
  assert(n == nonzero);
  return 0;
}
