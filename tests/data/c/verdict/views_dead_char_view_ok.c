// EXPECT: correct
// A driver model's allocation: `char *` only carries the block to a typed pointer and
// never reads or writes a char, so it is not a view of the block's cells.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct S { int a; struct S *next; short b; };
void *alloc_s(void) { char *t = malloc(sizeof(struct S)); return (void *)t; }
int main(void) {
  struct S *s = (struct S *)alloc_s();
  if (!s) return 0;
  int x = __VERIFIER_nondet_int();
  s->a = x; s->next = s; s->b = 7;
  if (s->next->a != x || s->b != 7) reach_error();
  return 0;
}
