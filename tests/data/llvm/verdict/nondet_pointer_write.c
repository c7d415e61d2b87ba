// EXPECT: bug
// A value written through a nondeterministic pointer is any value of its type.
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int **slot = __VERIFIER_nondet_pointer();
  int *p = __VERIFIER_nondet_pointer();
  if (slot == 0 || p == 0) return 0;
  *slot = p;
  *p = __VERIFIER_nondet_int();
  if (**slot == 42) reach_error();
  return 0;
}
