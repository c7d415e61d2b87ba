// EXPECT: correct
// ENCODINGS@c: bv
// (C front end, int encoding: the union and memcpy make memory byte-level, and the
// int2bv/bv2nat bridge between its bytes and float patterns is slow in z3)
// Exact bit patterns in memory: bytes of 1.0, memcpy into an integer, a union, -0.0's
// sign bit, and a pattern written as bytes read back as a float.
#include <string.h>
extern void reach_error(void);
union U { float f; unsigned int u; };
int main(void) {
  double d = 1.0;
  unsigned char *p = (unsigned char *)&d;
  if (p[7] != 0x3f || p[6] != 0xf0 || p[0] != 0) reach_error();
  unsigned long long bits;
  memcpy(&bits, &d, sizeof bits);
  if (bits != 0x3ff0000000000000ULL) reach_error();
  union U x;
  x.f = -0.0f;
  if (x.u != 0x80000000u) reach_error();
  x.u = 0x40490fdbu;
  if (x.f != 3.14159274101257324f) reach_error();
  unsigned char q[4] = {0, 0, 0xc0, 0x3f};
  float g;
  memcpy(&g, q, 4);
  if (g != 1.5f) reach_error();
  return 0;
}
