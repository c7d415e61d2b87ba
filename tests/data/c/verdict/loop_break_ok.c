// EXPECT: correct
// FLAGS: --bound 3
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0;
  while (i < 2) { if (__VERIFIER_nondet_int()) break; i++; }
  if (i > 2) reach_error();
  int j = 0;
  do { if (j == 1) break; j++; } while (j < 5);
  if (j != 1) reach_error();
  return 0;
}
