// EXPECT: correct
// A bounded array loop with a short-circuit condition; the C and LLVM loop shapes differ.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  int i;
  for (i = 0; i < 4 && a != 0; i++) a[i] = i * i;
  int s = 0;
  for (i = 0; i < 4; i++) s += a[i];
  if (s != 14) reach_error();
  return 0;
}
