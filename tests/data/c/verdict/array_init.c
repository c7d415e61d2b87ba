// EXPECT: correct
extern void reach_error(void);
int g[5] = {1, 2, 3};
char s[] = "ab";
struct P { int x; int y; } pts[2] = {{1, 2}, {.y = 7}};
int main(void) {
  int l[4] = {9};
  if (g[2] != 3 || g[4] != 0) reach_error();
  if (s[1] != 'b' || s[2] != 0) reach_error();
  if (pts[1].y != 7 || pts[1].x != 0) reach_error();
  if (l[0] != 9 || l[3] != 0) reach_error();
  return 0;
}
