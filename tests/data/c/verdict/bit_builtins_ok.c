// EXPECT: correct
#include <stdint.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x == 0x00f0u);
  if (__builtin_popcount(x) != 4) reach_error();
  if (__builtin_ctz(x) != 4) reach_error();
  if (__builtin_clz(x) != 24) reach_error();
  if (__builtin_ffs(x) != 5) reach_error();
  if (__builtin_parity(x) != 0) reach_error();
  if (__builtin_bswap32(x) != 0xf0000000u) reach_error();
  if (__builtin_bswap16((uint16_t)0x1234) != 0x3412) reach_error();
  if (__builtin_popcountll(0xffffffffffull) != 40) reach_error();
  return 0;
}
