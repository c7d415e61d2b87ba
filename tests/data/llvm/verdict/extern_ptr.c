// EXPECT: possible-bug
// Pointers returned by an external function may alias each other (one region for them):
// the error rests on foo returning the same pointer twice, a possible bug.
extern void reach_error(void);
int *foo(void);
int main(void) {
  int *x = foo(), *y = foo();
  *x = 1;
  *y = 2;
  if (*x == 2) reach_error();
  return 0;
}
