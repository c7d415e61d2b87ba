// EXPECT: correct
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint() % 4;
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++) s += 2;
  if (s != 2 * n) reach_error();
  return 0;
}
