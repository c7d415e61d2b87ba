// EXPECT: correct
// FLAGS: --bound 2 --encoding bv
// The twin of callee_writes_bytes_bug.c: the byte written is y's, x keeps 0.
extern void reach_error(void);
struct S { int x; int y; };
void poke(unsigned char *p) { p[4] = 1; }
int main(void) {
  struct S s;
  int t[2];
  s.x = 0; s.y = 0; t[0] = 3;
  poke((unsigned char *)&s);
  if (s.x != 0 || s.y != 1 || t[0] != 3) reach_error();
  return 0;
}
