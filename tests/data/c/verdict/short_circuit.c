// EXPECT: correct
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int calls;
int side(int v) { calls++; return v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = 0;
  if (p && *p) reach_error();
  if (x > 0 || side(1)) { }
  if (x > 0 && calls != 0) reach_error();
  return 0;
}
