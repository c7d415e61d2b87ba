// REPLAY: confirmed
// FLAGS: --data-model LP64
// An undefined external array the program writes to (SMACK's extern_struct test): the
// harness defines it zero-filled so that the program links.
#include <assert.h>
extern const struct process *procinit[];
extern int __VERIFIER_nondet_int(void);
int main(void) {
  procinit[0] = 0;
  int x = __VERIFIER_nondet_int();
  assert(x != 3);
  return 0;
}
