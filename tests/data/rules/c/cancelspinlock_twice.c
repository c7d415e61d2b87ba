// EXPECT: bug
// FLAGS: --rules spinlock --bound 2
// VIOLATION: cancelspinlock: cancel spin lock released without being held
// AT: 20:3
// The cancel spin lock is one lock for the whole system (a global rule): released twice.
typedef unsigned char KIRQL;
void IoAcquireCancelSpinLock(KIRQL *irql) { *irql = 2; }
void IoReleaseCancelSpinLock(KIRQL irql) { }
int __VERIFIER_nondet_int(void);

int cancelled;

void cancel_pending(void) {
  KIRQL irql;
  IoAcquireCancelSpinLock(&irql);
  if (__VERIFIER_nondet_int()) {
    cancelled = 1;
    IoReleaseCancelSpinLock(irql);
  }
  IoReleaseCancelSpinLock(irql);   /* bug: released twice on the cancel path */
}

int main(void) {
  cancel_pending();
  return 0;
}
