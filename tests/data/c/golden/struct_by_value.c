// structs passed and returned by value (fresh copies)
extern void reach_error(void);
struct P { int x; char c; };
struct P mk(int x) { struct P p; p.x = x; p.c = 'a'; return p; }
int getx(struct P p) { p.x++; return p.x; }
int main(void) {
  struct P a = mk(4);
  struct P b;
  b = mk(5);
  int y = getx(a);
  if (y != 5 || a.x != 4 || b.x != 5 || mk(7).x != 7) reach_error();
  return 0;
}
