// EXPECT: correct
// FLAGS: --bound 1
// A memset and a memcpy through `void *` on byte-level memory (the union) are byte stores,
// not the C library's loop: the program is proved (the loop, cut off at the bound, left it
// "no bug within bound 1").
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void *memset(void *, int, unsigned long);
void *memcpy(void *, const void *, unsigned long);
union U { int i; char c[4]; };
struct Ext { int state; short pad; int flag; };
int main(void) {
  union U u; u.i = 5;
  struct Ext e, f;
  void *p = &e, *q = &f;
  e.flag = __VERIFIER_nondet_int();
  memset(p, 0, sizeof(struct Ext));
  if (e.state != 0 || e.flag != 0) return 0;
  f.state = __VERIFIER_nondet_int();
  memcpy(q, p, sizeof(struct Ext));
  if (f.state != 0 || f.flag != 0) reach_error();
  return 0;
}
