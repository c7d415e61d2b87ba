// REJECT: size of member array 'a'
// GNU C's variable-length member (gcc accepts it in a block): the struct's layout would
// need run-time offsets, which the front end does not model.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  struct S { int a[n]; } s;   // <-
  return sizeof s;
}
