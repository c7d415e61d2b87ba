// EXPECT: possible-bug
// A function without a body gets the address of a global: it may write it (a bug that
// depends on its unknown effect).
extern void reach_error(void);
extern void fill(int *p);
int g, h;
int main(void) {
  g = 0; h = 0;
  fill(&g);
  if (g != 0 && h == 0) reach_error();
  return 0;
}
