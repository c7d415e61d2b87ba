// EXPECT: bug
// CLASSES: 1
// BYTE_LEVEL_CLASSES: 1
// Written through one member, read through another of a different layout: the
// class is byte level and the read sees the written bytes (little endian).
extern void reach_error(void);
union U { int i; unsigned char c[4]; };
int main(void) {
  union U u;
  u.i = 0x01020304;
  if (u.c[0] == 4) reach_error();
  return 0;
}
