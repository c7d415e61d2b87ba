// EXPECT: bug
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
int main(void) {
  int (*table[2])(int) = { twice, thrice };
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  if (table[k](5) == 15) reach_error();
  return 0;
}
