// EXPECT: correct
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int low = x & 0xff;
  if (low < 0 || low > 255) reach_error();
  if ((x | 1) % 2 == 0) reach_error();
  if (((x >> 4) << 4) + (x & 15) != x) reach_error();
  return 0;
}
