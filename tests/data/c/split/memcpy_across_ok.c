// EXPECT: correct
// FLAGS: --bound 2 --encoding bv
// The twin of memcpy_across_bug.c: the copied bytes are the source's.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void *memcpy(void *, const void *, unsigned long);
struct P { int a; int b; };
union U { struct P p; unsigned char c[8]; };
int main(void) {
  struct P src;
  union U dst;
  void *s = &src, *d = &dst;
  src.a = __VERIFIER_nondet_int();
  src.b = 258;
  memcpy(d, s, sizeof(struct P));
  if (dst.c[4] != 2 || dst.c[5] != 1 || dst.p.a != src.a) reach_error();
  return 0;
}
