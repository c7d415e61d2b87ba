// EXPECT: correct
// FLAGS: --rules spinlock --bound 2
// In-stack queued spin locks are keyed by their handle: the 2nd argument of the acquire
// calls, the 1st of the release calls.  Two handles on one lock, one after the other.
typedef struct { long v; } KSPIN_LOCK;
typedef struct { void *lock; unsigned char irql; } KLOCK_QUEUE_HANDLE;
void KeAcquireInStackQueuedSpinLock(KSPIN_LOCK *lock, KLOCK_QUEUE_HANDLE *h) { h->lock = lock; }
void KeReleaseInStackQueuedSpinLock(KLOCK_QUEUE_HANDLE *h) { }

KSPIN_LOCK lock;
int counter;

void bump(void) {
  KLOCK_QUEUE_HANDLE h;
  KeAcquireInStackQueuedSpinLock(&lock, &h);
  counter++;
  KeReleaseInStackQueuedSpinLock(&h);
}

int main(void) {
  bump();
  bump();
  return 0;
}
