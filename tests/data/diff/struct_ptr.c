// EXPECT: bug
// DATA_MODEL: LP64
// A struct holding a pointer and an int, a list of two nodes on the heap.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  a->val = __VERIFIER_nondet_int();
  b->val = a->val * 2;
  a->next = b;
  b->next = NULL;
  int sum = 0;
  for (struct node *p = a; p; p = p->next) sum += p->val;
  if (sum == 9) reach_error();          /* 3 * a->val == 9 */
  return 0;
}
