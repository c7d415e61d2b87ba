// EXPECT: correct
// A member after a one-width run of bit-fields shares the run's last storage unit when
// its alignment leaves room (the LDV tasks' struct spi_transfer: `unsigned int cs : 1;
// u8 bits; u16 delay;` puts bits at byte 1 and delay at byte 2 of cs's word), as gcc
// lays it out; a member that does not fit starts after the unit.
struct S { void *p; unsigned long long d; unsigned int cs : 1; unsigned char b; unsigned short w; unsigned int s; void *q; };
struct T { unsigned int a : 3; unsigned int b : 5; unsigned char c; };
struct U { unsigned int a : 20; unsigned short c; };
struct V { unsigned int a : 30; unsigned short c; };
extern void reach_error(void);
int main(void) {
  struct S s = {0}; struct T t = {0}; struct U u = {0};
  if (__builtin_offsetof(struct S, b) != __builtin_offsetof(struct S, d) + 9) reach_error();
  if (__builtin_offsetof(struct S, w) != __builtin_offsetof(struct S, d) + 10) reach_error();
  if (__builtin_offsetof(struct S, s) != __builtin_offsetof(struct S, d) + 12) reach_error();
  if (sizeof(struct T) != 4 || __builtin_offsetof(struct T, c) != 1) reach_error();
  if (sizeof(struct U) != 8 || __builtin_offsetof(struct U, c) != 4) reach_error();
  if (sizeof(struct V) != 8 || __builtin_offsetof(struct V, c) != 4) reach_error();
  s.cs = 1; s.b = 200; s.w = 60000;
  if (s.cs != 1 || s.b != 200 || s.w != 60000) reach_error();
  t.a = 7; t.b = 31; t.c = 9;
  if (t.a != 7 || t.b != 31 || t.c != 9) reach_error();
  u.a = 1048575; u.c = 65535;
  if (u.a != 1048575 || u.c != 65535) reach_error();
  return 0;
}
