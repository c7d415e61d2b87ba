// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// A callee writes the byte-level object through a char pointer parameter; the caller
// reads it back as an int: the write reaches the caller's view (one byte map).
extern void reach_error(void);
struct S { int x; int y; };
void poke(unsigned char *p) { p[4] = 1; }
int main(void) {
  struct S s;
  int t[2];
  s.x = 0; s.y = 0; t[0] = 3;
  poke((unsigned char *)&s);
  if (s.y == 1 && t[0] == 3) reach_error();
  return 0;
}
