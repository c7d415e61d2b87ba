// EXPECT: bug
// ENCODINGS: bv
// (int encoding: the int2bv/bv2nat bridge between byte maps of integers and float patterns
// is slow in z3 -- correct, but past the test timeout)
// A double's bytes read through unsigned char *: 1.0 is 3f f0 00 .. 00 (little endian).
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  unsigned char *p = (unsigned char *)&d;
  if (p[7] == 0x3f && p[6] == 0xf0 && p[0] == 0 && d == 1.0) reach_error();
  return 0;
}
