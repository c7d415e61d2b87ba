// -I: a header found only in include/.
// RUN: --bound 1 => error
// RUN: --bound 1 -I include => bug
// RUN: --bound 1 -Iinclude => bug
// RUN: --bound 1 -I no-such-folder => error
#include <assert.h>
#include "settings.h"
extern int __VERIFIER_nondet_int(void);
int main(void)
{
  int x = __VERIFIER_nondet_int();
  assert(x != THRESHOLD);
  return 0;
}
