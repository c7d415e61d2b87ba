// EXPECT: bug
// FLAGS: --rules spinlock --bound 2
// VIOLATION: spinlock: spin lock acquired twice
// AT: 15:3
// The violating call is the third call of KeAcquireSpinLock on the path, inside a helper
// called with the lock held (the native replay stops at that third call).
typedef struct { long v; } KSPIN_LOCK;
typedef unsigned char KIRQL;
void KeAcquireSpinLock(KSPIN_LOCK *lock, KIRQL *old) { *old = 0; }
void KeReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old) { }
KSPIN_LOCK lock;
int count;
void bump(void) {
  KIRQL irql;
  KeAcquireSpinLock(&lock, &irql);
  count++;
  KeReleaseSpinLock(&lock, irql);
}
int main(void) {
  KIRQL irql;
  bump();
  KeAcquireSpinLock(&lock, &irql);
  bump();                      /* bug: bump takes the lock main holds */
  KeReleaseSpinLock(&lock, irql);
  return 0;
}
