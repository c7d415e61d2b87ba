// EXPECT: correct
// As inttoptr.c, but the error needs a value the global never holds.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g;
int main(void) {
  int x = 3;
  int *q = &x;
  long a = (long)q;
  int *p = (int *)(a + 0);
  *p = __VERIFIER_nondet_int();
  g = 7;
  long b = (long)&g;
  int *r = (int *)b;
  if (x == 5 && *r == 8) reach_error();
  return 0;
}
