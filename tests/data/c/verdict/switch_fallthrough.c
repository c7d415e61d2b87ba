// EXPECT: bug
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), r = 0;
  switch (x) {
    case 1: r = 1;
    case 2: r += 10; break;
    default: r = 100;
  }
  if (r == 11) reach_error();
  return 0;
}
