// EXPECT: bug
// Every cell is read and written at the type it was declared with: typed memory in
// both front ends, so `--encoding auto` keeps mathematical integers.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned a[2];
  a[0] = __VERIFIER_nondet_int();
  a[1] = a[0] + 1;
  assert(a[1] > a[0]);        /* fails when a[0] is UINT_MAX: a[1] wraps to 0 */
  return 0;
}
