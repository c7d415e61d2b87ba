// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// memcpy through void* from a typed struct into a byte-level object, then read at
// another type: the copy carries the bytes.
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
  if (dst.c[4] == 2 && dst.c[5] == 1 && src.a == 5) reach_error();
  return 0;
}
