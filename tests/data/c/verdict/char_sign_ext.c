// EXPECT: bug
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  signed char s = (signed char)u;
  int widened = s;
  if (u > 200 && widened < 0) reach_error();
  return 0;
}
