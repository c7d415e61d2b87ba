// EXPECT: correct
extern void reach_error(void);
struct P { int x; int y; };
struct P swap(struct P p) { int t = p.x; p.x = p.y; p.y = t; return p; }
int main(void) {
  struct P a = {1, 2};
  struct P b = swap(a);
  if (a.x != 1 || b.x != 2 || b.y != 1) reach_error();
  return 0;
}
