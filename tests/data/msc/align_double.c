// WHAT: Microsoft's x86 layout of 8-byte scalars inside structs (8-aligned, gcc's
//   -malign-double; the i386 System V ABI aligns them to 4), with LARGE_INTEGER, the
//   union drivers use for 64-bit counters.
// EXPECT: correct
// FLAGS: --data-model ILP32 --bound 2
// LAYOUT: struct S1: c, l
// LAYOUT: union _LARGE_INTEGER: LowPart, HighPart, QuadPart
// LAYOUT: struct TIMED: flag, when, count
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
typedef unsigned long ULONG;
typedef long LONG;
typedef __int64 LONGLONG;
typedef union _LARGE_INTEGER {
  struct { ULONG LowPart; LONG HighPart; };
  LONGLONG QuadPart;
} LARGE_INTEGER;
struct S1 { char c; __int64 l; };
struct TIMED { char flag; LARGE_INTEGER when; int count; };
int main(void) {
  struct TIMED t;
  t.when.QuadPart = 0;
  t.when.LowPart = __VERIFIER_nondet_uint();
  t.when.HighPart = 1;
  if (sizeof(struct S1) != 16 || _Alignof(struct S1) != 8) reach_error();
  if (sizeof(struct TIMED) != 24 || (char *)&t.when - (char *)&t != 8) reach_error();
  if (t.when.QuadPart < 4294967296LL || t.when.QuadPart >= 8589934592LL) reach_error();
  return 0;
}
