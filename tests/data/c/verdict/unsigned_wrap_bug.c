// EXPECT: bug
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x + 1u < x) reach_error();   /* x == UINT_MAX wraps */
  return 0;
}
