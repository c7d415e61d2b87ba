// EXPECT: correct
// FLAGS: --encoding bv
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  if ((x & y) > x) reach_error();
  if (((x | y) ^ (x & y)) != (x ^ y)) reach_error();
  if ((x << 3) >> 3 != (x & 0x1fffffffu)) reach_error();
  return 0;
}
