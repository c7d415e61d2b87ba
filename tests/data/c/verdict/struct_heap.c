// EXPECT: correct
#include <stdlib.h>
extern void reach_error(void);
struct S { int f; int g; };
int main(void) {
  struct S *x = malloc(sizeof(struct S));
  struct S *y = malloc(sizeof(struct S));
  x->f = 1;
  y->g = 2;
  y->f = 3;
  if (x->f != 1) reach_error();   /* HAVOC Fig. 5: distinct objects do not alias */
  return 0;
}
