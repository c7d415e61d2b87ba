// -include FILE: read before the first line of the file.
// RUN: --bound 1 => correct
// RUN: --bound 1 -include forced.h => bug
// RUN: --bound 1 -include no-such.h => error
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void)
{
  int x = __VERIFIER_nondet_int();
#ifdef CHECK_ZERO
  assert(x != 0);
#endif
  return 0;
}
