// EXPECT: bug
// A write through an int * made from a void * that holds the address of x: the same cell
// as x, so one class and one map.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int x, y;
void set(void *p, int v) { *(int *)p = v; }
int main(void) {
  void *p = __VERIFIER_nondet_int() ? (void *)&x : (void *)&y;
  set(p, 5);
  if (x == 5) reach_error();
  return 0;
}
