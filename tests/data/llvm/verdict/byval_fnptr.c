// EXPECT: bug
// As byval_struct.c, through a function pointer: the callee's copy is made on its entry,
// so calls through pointers get it too.  The caller's struct is unchanged: reach_error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s { int id; long long wide; int more[4]; int *p; };
static int bump(struct s o) { o.id += 100; o.more[2] = o.id; return o.more[2]; }
static int keep(struct s o) { return o.id; }
int main(void) {
  int (*fp)(struct s) = __VERIFIER_nondet_int() ? bump : keep;
  struct s a;
  a.id = __VERIFIER_nondet_int();
  if (a.id < 0 || a.id > 1000) return 0;
  a.more[2] = 3;
  int r = fp(a);
  if (r == a.id + 100 && a.more[2] == 3) reach_error();   /* reachable: bump was called */
  return 0;
}
