// EXPECT: correct
// Bit-fields of a packed struct go at the very next bit, across byte boundaries, as gcc
// lays them out (the kernel's struct gate_struct64 in SV-COMP's LDV task c2port_core:
// sixteen bits of bit-fields between u16 members); values round-trip.
typedef unsigned short u16;
typedef unsigned int u32;
struct gate { u16 lo; u16 seg; unsigned ist : 3, zero0 : 5, type : 5, dpl : 2, p : 1;
              u16 mid; u32 hi; u32 zero1; } __attribute__((packed));
struct odd { unsigned char c; unsigned a : 3; unsigned b : 7; unsigned char d; } __attribute__((packed));
struct mixed { unsigned char c; unsigned long long a : 5; unsigned short b : 9; } __attribute__((packed));
extern void reach_error(void);
int main(void) {
  struct gate g = {0}; struct odd o = {0}; struct mixed m = {0};
  if (sizeof(struct gate) != 16 || __builtin_offsetof(struct gate, mid) != 6) reach_error();
  if (sizeof(struct odd) != 4 || __builtin_offsetof(struct odd, d) != 3) reach_error();
  if (sizeof(struct mixed) != 3) reach_error();
  g.ist = 5; g.zero0 = 31; g.type = 17; g.dpl = 2; g.p = 1; g.mid = 65535; g.seg = 7;
  if (g.ist != 5 || g.zero0 != 31 || g.type != 17 || g.dpl != 2 || g.p != 1) reach_error();
  if (g.mid != 65535 || g.seg != 7) reach_error();
  o.a = 6; o.b = 100; o.d = 200; o.c = 1;
  if (o.a != 6 || o.b != 100 || o.d != 200 || o.c != 1) reach_error();
  m.a = 31; m.b = 511;
  if (m.a != 31 || m.b != 511 || m.c != 0) reach_error();
  return 0;
}
