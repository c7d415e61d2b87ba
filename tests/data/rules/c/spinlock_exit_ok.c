// EXPECT: correct
// FLAGS: --rules spinlock --bound 2
// spinlock_exit.c fixed: the error path releases the lock too.
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
    KfReleaseSpinLock(&lock, irql);
    return;
  }
  KfReleaseSpinLock(&lock, irql);
}

int main(void) {
  dispatch(__VERIFIER_nondet_int());
  return 0;
}
