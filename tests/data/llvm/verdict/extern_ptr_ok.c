// EXPECT: correct
// External pointers never point at the program's own objects (as in SMACK and the C front
// end): a write through one leaves the heap and the globals alone.  (The program's objects
// are shorts: the C front end's havoc by foo of the memory foo may reach -- the ints its
// result points to -- keeps them.)
#include <stdlib.h>
extern void reach_error(void);
int *foo(void);
short g = 3;
int main(void) {
  short *m = malloc(sizeof *m);
  *m = 4;
  int *x = foo();
  *x = 5;
  if (*m != 4 || g != 3) reach_error();
  return 0;
}
