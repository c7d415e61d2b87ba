// WHAT: the sized integers __int8, __int16, __int32, __int64 (signed and unsigned):
//   sizes, ranges and arithmetic (unsigned __int64 wraps around at 2^64).
// EXPECT: correct
// FLAGS: --data-model ILP32 --bound 2 --encoding bv
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
typedef unsigned __int64 ULONGLONG;
typedef __int64 LONGLONG;
int main(void) {
  __int8 c = -128;
  unsigned __int8 uc = 255;
  __int16 s = -32768;
  unsigned __int32 u = 4294967295u;
  LONGLONG big = 1;
  if (sizeof(__int8) != 1 || sizeof(__int16) != 2 || sizeof(__int32) != 4) reach_error();
  if (sizeof(__int64) != 8 || sizeof(ULONGLONG) != 8) reach_error();
  if (c != -128 || uc + 1 != 256 || s != -32768 || u + 1u != 0) reach_error();
  big <<= 40;
  if (big != 1099511627776LL) reach_error();
  ULONGLONG x = __VERIFIER_nondet_uint();
  ULONGLONG y = x - ((ULONGLONG)1 << 63) - ((ULONGLONG)1 << 63);   /* wraps to x */
  if (y != x) reach_error();
  return 0;
}
