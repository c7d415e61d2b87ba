// EXPECT: bug
// FILES: main.c counter.c
// Two files of one program: the counter must never go negative.
#include <assert.h>
#include "counter.h"
extern int __VERIFIER_nondet_int(void);

int main(void) {
  while (__VERIFIER_nondet_int()) {
    tick();
    assert(ticks_so_far() >= 0);
  }
  return 0;
}
