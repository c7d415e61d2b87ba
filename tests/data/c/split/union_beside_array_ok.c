// EXPECT: correct
// FLAGS: --bound 2 --encoding bv
// The twin of union_beside_array_bug.c: the bytes read are the stored int's, so the
// wrong byte order is unreachable.
extern void reach_error(void);
union W { unsigned int whole; unsigned char b[4]; };
int a[3];
int main(void) {
  union W w;
  a[1] = 7;
  w.whole = 0x11223344u;
  if (w.b[0] == 0x11 || a[1] != 7) reach_error();
  return 0;
}
