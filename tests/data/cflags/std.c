// --std: the C standard the preprocessor and compilers assume.
// RUN: --bound 1 --std c99 => correct
// RUN: --bound 1 --std c11 => bug
// RUN: --bound 1 --std gnu17 => bug
// RUN: --bound 1 --std c98 => error
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void)
{
  int x = __VERIFIER_nondet_int();
#if __STDC_VERSION__ >= 201112L
  assert(x != 11);
#endif
  return 0;
}
