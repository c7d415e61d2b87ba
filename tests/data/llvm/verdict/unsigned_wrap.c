// EXPECT: correct
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 200;
  int e = (signed char)d;
  if (e > 127 || e < -128) reach_error();
  if (c == 100 && d != 44) reach_error();
  return 0;
}
