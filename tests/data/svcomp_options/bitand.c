// unsigned bit operations: checked in the encoding --encoding names (TRUE in both)
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  if ((x & y) > x) reach_error();
  return 0;
}
