// EXPECT: bug
// memset with a value known at run time only: the value reaches every byte.
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  int w[2];
  memset(w, c, sizeof w);
  assert(w[1] != 0x07070707);
  return 0;
}
