// EXPECT: bug
// LP64 structs mixing int, long and pointer fields (regions split per field size), an
// array of them indexed by a nondeterministic value, and an int pointer into a field.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s { int a; struct s *next; int b; long c; };
int main(void) {
  struct s *x = malloc(sizeof *x), *y = malloc(sizeof *y);
  struct s arr[3];
  x->next = y;
  y->next = x;
  x->a = __VERIFIER_nondet_int();
  y->a = 1;
  int *pa = &x->next->a;            /* y->a */
  *pa = 5;
  x->c = x->a;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  arr[i].a = 7;
  arr[i].next = y;
  arr[i].b = x->a;
  if (y->a == 5 && x->next->next->c == 3 && arr[i].next->next == x && arr[i].b + i == 5)
    reach_error();                  /* x->a == 3, i == 2 */
  return 0;
}
