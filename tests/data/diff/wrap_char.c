// EXPECT: bug
// Conversions: unsigned char wrap, signed char reinterpretation, integer promotion.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 200;
  signed char s = (signed char)d;
  if (s == -3 && c > 50) reach_error();
  return 0;
}
