// EXPECT: correct
// FLAGS: --bound 3
// A program's own definition of a kernel routine wins over the bundled model (which would
// report PASSIVE_LEVEL here), in the verifier and natively.
#include "wdm_lite.h"

KIRQL KeGetCurrentIrql(void) { return DISPATCH_LEVEL; }

int main(void) {
  KSPIN_LOCK lock;
  KIRQL old;
  KeInitializeSpinLock(&lock);
  ASSERT(KeGetCurrentIrql() == DISPATCH_LEVEL);
  KeAcquireSpinLock(&lock, &old);
  KeReleaseSpinLock(&lock, old);
  ASSERT(lock == 0);
  return 0;
}
