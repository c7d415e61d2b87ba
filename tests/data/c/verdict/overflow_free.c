// EXPECT: correct
// FLAGS: --check-overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 1000) return x * 3000 + (x << 2);
  return 0;
}
