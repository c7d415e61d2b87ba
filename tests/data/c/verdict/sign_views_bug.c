// EXPECT: bug
extern void reach_error(void);
int main(void) {
  int x = -1;
  unsigned *u = (unsigned *)&x;
  char s[4] = "ab";
  unsigned char *p = (unsigned char *)s;
  if (*u != 4294967295u) reach_error();
  *u = 4294967294u;
  if (x != -2) reach_error();
  p[0] = 200;
  if (s[0] == -56) reach_error();
  return 0;
}
