// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 2
int __VERIFIER_nondet_int(void);
int g;
int main(void) {
  int *p = 0;
  if (__VERIFIER_nondet_int())
    p = &g;
  return *p;  // <-
}
