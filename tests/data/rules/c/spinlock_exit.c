// EXPECT: bug
// FLAGS: --rules spinlock --bound 2
// VIOLATION: spinlock: spin lock still held at exit
// AT: 27:3
// The error path returns with the lock held (KfAcquireSpinLock/KfReleaseSpinLock: the
// functions the DDK's KeAcquireSpinLock/KeReleaseSpinLock macros call on x86).
typedef struct { long v; } KSPIN_LOCK;
typedef unsigned char KIRQL;
KIRQL KfAcquireSpinLock(KSPIN_LOCK *lock) { return 2; }
void KfReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old) { }
int __VERIFIER_nondet_int(void);

KSPIN_LOCK lock;
int status;

void dispatch(int request) {
  KIRQL irql = KfAcquireSpinLock(&lock);
  if (request < 0) {
    status = -1;
    return;                    /* bug: the lock is still held */
  }
  KfReleaseSpinLock(&lock, irql);
}

int main(void) {
  dispatch(__VERIFIER_nondet_int());
  return 0;
}
