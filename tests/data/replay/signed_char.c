// REPLAY: confirmed
// A char read as a negative value, an unsigned char above 127, an unsigned int above
// INT_MAX: the harness must convert each value with the function's return type.
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned char u = __VERIFIER_nondet_uchar();
  unsigned int x = __VERIFIER_nondet_uint();
  if (c < -100 && u > 200 && x > 4000000000u)
    reach_error();
  return 0;
}
