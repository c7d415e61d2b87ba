// EXPECT: bug
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  a->data = __VERIFIER_nondet_int();
  a->next = b;
  b->data = 5;
  b->next = 0;
  if (a->next->data + a->data == 12) reach_error();
  return 0;
}
