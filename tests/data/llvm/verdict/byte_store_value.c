// EXPECT: bug
// Pointers and negative integers stored in a byte-level region (one object read both as
// bytes and as words) come back whole, and their bytes are the little-endian bytes of
// the value mod 2^N: the int encoding's byte split of a stored value is exact.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union cell { int *p; int i; unsigned char b[sizeof(int *)]; };
int main(void) {
  int x = 0;
  union cell c;
  c.p = &x;
  *c.p = 7;
  int v = __VERIFIER_nondet_int();
  c.i = v;
  if (v == -2 && c.b[0] == 0xfe && c.b[1] == 0xff && c.i == -2 && x == 7)
    reach_error();
  return 0;
}
