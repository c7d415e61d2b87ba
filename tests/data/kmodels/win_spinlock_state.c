// EXPECT: correct
// FLAGS: --bound 3
// The lock and IRQL state the models keep: a KSPIN_LOCK word is 1 while held, the IRQL is
// DISPATCH_LEVEL under a spin lock and back afterwards, fast mutexes raise it to APC_LEVEL
// (nested: the outermost restores it), in-stack queued locks and the cancel lock too.
#include "wdm_lite.h"

typedef struct _DEVICE_EXTENSION {
  KSPIN_LOCK Lock; FAST_MUTEX Mutex1; FAST_MUTEX Mutex2; LONG Pending;
} DEVICE_EXTENSION;

DEVICE_EXTENSION Ext;

int main(void) {
  KIRQL old, old2;
  KLOCK_QUEUE_HANDLE handle;
  ASSERT(KeGetCurrentIrql() == PASSIVE_LEVEL);
  KeInitializeSpinLock(&Ext.Lock);
  ASSERT(Ext.Lock == 0);
  KeAcquireSpinLock(&Ext.Lock, &old);
  ASSERT(old == PASSIVE_LEVEL && KeGetCurrentIrql() == DISPATCH_LEVEL && Ext.Lock == 1);
  ASSERT(!KeTryToAcquireSpinLockAtDpcLevel(&Ext.Lock));
  KeReleaseSpinLock(&Ext.Lock, old);
  ASSERT(KeGetCurrentIrql() == PASSIVE_LEVEL && Ext.Lock == 0);
  old2 = KfAcquireSpinLock(&Ext.Lock);
  KfReleaseSpinLock(&Ext.Lock, old2);
  ASSERT(KeTryToAcquireSpinLockAtDpcLevel(&Ext.Lock) && Ext.Lock == 1);
  KeReleaseSpinLockFromDpcLevel(&Ext.Lock);

  ExAcquireFastMutex(&Ext.Mutex1);
  ASSERT(KeGetCurrentIrql() == APC_LEVEL);
  ExAcquireFastMutex(&Ext.Mutex2);
  ExReleaseFastMutex(&Ext.Mutex2);
  ASSERT(KeGetCurrentIrql() == APC_LEVEL);
  KeAcquireInStackQueuedSpinLock(&Ext.Lock, &handle);
  ASSERT(KeGetCurrentIrql() == DISPATCH_LEVEL);
  KeReleaseInStackQueuedSpinLock(&handle);
  ASSERT(KeGetCurrentIrql() == APC_LEVEL);
  ExReleaseFastMutex(&Ext.Mutex1);
  ASSERT(KeGetCurrentIrql() == PASSIVE_LEVEL);

  IoAcquireCancelSpinLock(&old);
  ASSERT(KeGetCurrentIrql() == DISPATCH_LEVEL);
  IoReleaseCancelSpinLock(old);
  KeRaiseIrql(APC_LEVEL, &old);
  ASSERT(old == PASSIVE_LEVEL && KeGetCurrentIrql() == APC_LEVEL);
  KeLowerIrql(old);
  ASSERT(KeGetCurrentIrql() == PASSIVE_LEVEL);
  return 0;
}
