// EXPECT: correct
// ENCODINGS: bv
// (int encoding: the int2bv/bv2nat bridge between byte maps of integers and float patterns
// is slow in z3 -- correct, but past the test timeout)
// Conversions: truncation toward zero both ways, unsigned, int -> double exact, a large
// long long rounds in float, char -> float.
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d > 2.5 && d < 3.5) {
    int i = (int)d;
    if (i != 2 && i != 3) reach_error();
    if ((int)-d != -i) reach_error();
    unsigned u = (unsigned)d;
    if (u != (unsigned)i) reach_error();
  }
  int n = __VERIFIER_nondet_int();
  double dn = n;
  if ((int)dn != n) reach_error();
  long long big = 16777217;
  float f = (float)big;
  if ((long long)f != 16777216) reach_error();
  unsigned char c = 200;
  if ((float)c != 200.0f || (double)(float)0.1 == 0.1) reach_error();
  return 0;
}
