// EXPECT: correct
// C division truncates toward zero; % keeps the dividend's sign; shifts of unsigned values.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int q = x / 7, r = x % 7;
  if (q * 7 + r != x) reach_error();
  if (x < 0 && r > 0) reach_error();
  unsigned u = (unsigned)x;
  if (x == -1 && (u >> 28) != 15u) reach_error();
  return 0;
}
