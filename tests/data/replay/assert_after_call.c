// REPLAY: confirmed
// The failing assert follows a call in the same block: the trace's last located step
// is the return from `twice` (at the call site), the assert is on the next line.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int twice(int v) {
  int r = v + v;
  return r;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = twice(x);
  assert(y != 10);
  return 0;
}
