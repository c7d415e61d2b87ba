// EXPECT: correct
// A union whose other member is never used: no cell is seen at two types, so the
// union's class keeps typed maps (points-to class check, memory.py `unsafe`).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
union U { int i; unsigned char c[4]; };
int main(void) {
  union U u;
  int x = __VERIFIER_nondet_int();
  u.i = x;
  if (u.i != x) reach_error();
  return 0;
}
