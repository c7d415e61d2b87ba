// EXPECT: bug
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 12345);
  return 0;
}
