// EXPECT: bug
// The twin of bitfield_unit_member_ok.c with one wrong expectation. A member in the bytes a bit-field's unit leaves unused (the kernel's struct _ddebug:
// `unsigned int lineno:18; unsigned char flags;` puts flags at byte 3 of lineno's 4-byte
// unit, as gcc lays it out).  Writing one keeps the other, in typed memory (t, w) and
// in memory seen byte by byte (d and e, copied through unsigned char).
#include <string.h>
struct _ddebug { const char *modname; unsigned int lineno:18; unsigned char flags; };
struct W { unsigned short a:5; unsigned short b:6; unsigned char c; int n; };
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  struct _ddebug d = {0}, e, t = {0};
  struct W w = {0};
  unsigned char raw[sizeof e];
  int v = __VERIFIER_nondet_int() & 0x3ffff;
  if (__builtin_offsetof(struct _ddebug, flags) != sizeof(char *) + 3) reach_error();
  if (sizeof(struct _ddebug) != 2 * sizeof(char *)) reach_error();
  if (__builtin_offsetof(struct W, c) != 2 || sizeof(struct W) != 8) reach_error();
  d.flags = 0x5a;
  d.lineno = v;
  if (d.flags != 0x5a || d.lineno != v) reach_error();
  d.flags = 0xa5;
  if (d.flags != 0xa5 || d.lineno != v) reach_error();
  memcpy(raw, &d, sizeof d);
  if (raw[sizeof(char *) + 3] != 0xa5) reach_error();
  raw[sizeof(char *) + 3] = 7;
  memcpy(&e, raw, sizeof e);
  e.lineno = 1;
  if (e.flags != 7 || e.lineno != 1) reach_error();
  if (d.lineno == 77 && d.flags == 0xa5) reach_error();
  t.flags = 3;
  t.lineno = v;
  t.flags = t.flags + 1;
  if (t.flags != 4 || t.lineno != v) reach_error();
  w.c = 200; w.b = 63; w.a = 31;
  if (w.c != 200 || w.b != 63 || w.a != 31) reach_error();
  return 0;
}
