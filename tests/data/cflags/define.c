// -D and -U reach the preprocessor (both front ends) and the native replay, in
// command-line order.  The bug exists only when SMALL is defined.
// RUN: --bound 1 => correct
// RUN: --bound 1 -DSMALL => bug
// RUN: --bound 1 -D SMALL=1 -U SMALL => correct
// RUN: --bound 1 -USMALL -DSMALL => bug
// RUN: --bound 1 -D 2SMALL => error
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
#ifdef SMALL
#define LIMIT 10
#else
#define LIMIT 1000
#endif
int main(void)
{
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 100)
    assert(x < LIMIT);
  return 0;
}
