// EXPECT: bug
// REPLAY: confirmed
// DATA_MODEL: ILP32
// FLAGS: --bound 3
// A routine that must run at PASSIVE_LEVEL (it may page) called with a spin lock held:
// the IRQL the spin lock model raised shows it; replayed natively through the models.
#include "wdm_lite.h"

KSPIN_LOCK QueueLock;
extern int __VERIFIER_nondet_int(void);

void FlushToDisk(void) {
  ASSERT(KeGetCurrentIrql() == PASSIVE_LEVEL);
}

int main(void) {
  KIRQL old;
  KeInitializeSpinLock(&QueueLock);
  KeAcquireSpinLock(&QueueLock, &old);
  if (__VERIFIER_nondet_int())        /* the queue is full: flushed under the lock */
    FlushToDisk();
  KeReleaseSpinLock(&QueueLock, old);
  FlushToDisk();
  return 0;
}
