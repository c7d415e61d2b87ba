// EXPECT: bug
// FLAGS: --bound 4
extern void reach_error(void);
int main(void) {
  int i, s = 0;
  for (i = 0; i < 3; i++) s += 2;
  if (s == 6) reach_error();
  return 0;
}
