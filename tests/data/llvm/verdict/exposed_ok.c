// EXPECT: correct
// Pointers made of integers (a driver's `(void *)tmp` of an int from malloc, and the
// sentinel (void *)-1) share a node with the exposed objects only: a global never turned
// into an integer keeps its own region, and the exposed object its contents.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int malloc();                   /* K&R: an int result, as in the CIL'd drivers */
int state;
int main(void) {
  state = 1;
  int tmp = malloc(8);
  int *p = (int *)tmp;
  void *sentinel = (void *)-1;
  if (p == 0) return 0;
  *p = 7;
  int *q = (int *)(long)tmp;
  if (*q != 7 || state != 1 || (void *)p == sentinel) reach_error();
  return 0;
}
