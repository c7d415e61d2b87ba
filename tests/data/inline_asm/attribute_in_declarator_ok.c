// The kernel's IS_ERR as CIL prints it in SV-COMP's ldv-commit-tester tasks (virtio_blk):
// a warning attribute inside the parenthesized declarator, which GnuCParser rejected
// ("invalid declarator"); the attribute has no meaning for the check.
// EXPECT: correct
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
__inline static long ( __attribute__((__warn_unused_result__)) IS_ERR)(void const *ptr)
{
  return (unsigned long)ptr >= (unsigned long)-4095;
}
int main(void) {
  int x = 7;
  long e = IS_ERR((void const *)&x);
  if (__VERIFIER_nondet_int())
    assert(e == 0 || e == 1);
  assert(x == 7);
  return 0;
}
