// EXPECT: bug
// __VERIFIER_nondet_pointer() (SV-COMP, SMACK's drivers): any address, null and a global's
// included, as in the C front end; not the external functions' pointers, which lie above
// every object (extern_ptr.c).
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
int g;
int main(void) {
  void *p = __VERIFIER_nondet_pointer();
  void *q = __VERIFIER_nondet_pointer();
  if (p == (void *)&g && q == 0) reach_error();
  return 0;
}
