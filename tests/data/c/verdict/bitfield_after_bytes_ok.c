// EXPECT: correct
// Bit-fields after small members (a struct usb_bus of SV-COMP's LDV tasks): gcc puts
// them at the next free bit of the unaligned unit (System V), not at a fresh aligned
// unit; a field that would cross its type's alignment boundary moves to it.
struct S { void *p; int n; unsigned char a, b, c; unsigned int x : 1; unsigned int y : 1; unsigned int z; };
struct T { char a; unsigned int x : 31; unsigned int y : 2; };
extern void reach_error(void);
int main(void) {
  struct S s = {0}; struct T t = {0};
  s.x = 1; s.y = 1; s.z = 7; s.c = 5;
  if (__builtin_offsetof(struct S, z) != sizeof(void *) + 8) reach_error();
  if (sizeof(struct T) != 12) reach_error();
  if (s.x != 1 || s.y != 1 || s.z != 7 || s.c != 5) reach_error();
  t.x = 0x7fffffff; t.y = 3; t.a = 1;
  if (t.x != 0x7fffffff || t.y != 3 || t.a != 1) reach_error();
  return 0;
}
