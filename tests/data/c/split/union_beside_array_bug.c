// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// A union read through members of different layouts (a byte-level class) beside an int
// array (typed): the byte read must see the little-endian byte of the int stored.
extern void reach_error(void);
union W { unsigned int whole; unsigned char b[4]; };
int a[3];
int main(void) {
  union W w;
  a[1] = 7;
  w.whole = 0x11223344u;
  if (w.b[0] == 0x44 && w.b[3] == 0x11 && a[1] == 7) reach_error();
  return 0;
}
