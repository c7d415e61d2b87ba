// EXPECT: correct
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 1;
  if (c != 255 && d == 0) reach_error();
  if (c == 255 && d != 0) reach_error();
  return 0;
}
