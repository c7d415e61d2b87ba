// EXPECT: bug
// The twin of nondet_index_ok.c, reading back the buffer it wrote.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[8] = {0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8) return 0;
  buf[i] = 'x';
  char *p = buf + 3;
  if (*p == 'x') reach_error();
  return 0;
}
