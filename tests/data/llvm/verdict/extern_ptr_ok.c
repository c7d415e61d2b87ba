// EXPECT: correct
// External pointers never point at the program's own objects (as in SMACK and the C front
// end): a write through one leaves the heap and the globals alone.
#include <stdlib.h>
extern void reach_error(void);
int *foo(void);
int g = 3;
int main(void) {
  int *m = malloc(sizeof *m);
  *m = 4;
  int *x = foo();
  *x = 5;
  if (x == m || x == &g || *m != 4 || g != 3) reach_error();
  return 0;
}
