// EXPECT: correct
// SLOW: int-LP64
// Structs passed by value are copies (the twin of byval_struct.c): the callee sees the
// caller's values and changes its copy only; a write through a pointer field still
// reaches the pointee (the copy is shallow).  The large struct is a `byval` pointer at
// LP64 and ILP32; the small one is passed in registers (coerced) at LP64, split at ILP32.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s { int id; long long wide; int more[4]; int *p; };
struct t { int x; int y; };
static int bump(struct s o) {
  if (o.id != 7) reach_error();                        /* the caller's value */
  o.id += 100;
  *o.p = 5;                                            /* shallow: the caller's int */
  return o.id;
}
static int swap(struct t v) { int k = v.x; v.x = v.y; v.y = k; return v.x; }
int main(void) {
  int cell = 0;
  struct s a;
  struct t b;
  a.id = 7; a.p = &cell;
  b.x = __VERIFIER_nondet_int(); b.y = 2;
  int r = bump(a);
  if (r != 107 || a.id != 7 || cell != 5) reach_error();
  if (swap(b) != 2 || b.y != 2) reach_error();
  return 0;
}
