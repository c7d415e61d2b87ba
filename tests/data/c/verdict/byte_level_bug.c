// EXPECT: bug
extern void reach_error(void);
union U { int i; unsigned char c[4]; short s[2]; };
struct S { int a; char b; };
int main(void) {
  int x = 0x01020304;
  char *c = (char *)&x;
  if (c[0] != 4 || c[3] != 1) reach_error();
  c[1] = -1;
  if (x != 0x0102ff04) reach_error();
  union U u;
  u.i = -2;
  if (u.c[0] != 0xfe || u.c[3] != 0xff || u.s[1] != -1) reach_error();
  struct S s = {7, 'z'};
  long long *pl = (long long *)&s;
  *pl = 0;
  if (s.a == 0) reach_error();
  return 0;
}
