// EXPECT: bug
// CLASSES: 1
// BYTE_LEVEL_CLASSES: 1
// The member a designated initialiser writes counts as used: read through the other
// member, the bytes it wrote are seen.
extern void reach_error(void);
union U { int i; short s[2]; };
int main(void) {
  union U u = { .i = 0x00030002 };
  if (u.s[0] == 2 && u.s[1] == 3) reach_error();
  return 0;
}
