#include "smack.h"
#include <assert.h>
// SMACK's smack.h: nondet values, assume and assert
int main(void) {
  int x = __VERIFIER_nondet_int();
  assume(x > 5);
  assert(x != 3);
  return 0;
}
