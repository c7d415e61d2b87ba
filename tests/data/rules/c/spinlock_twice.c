// EXPECT: bug
// FLAGS: --rules spinlock --bound 2
// VIOLATION: spinlock: spin lock acquired twice
// AT: 22:5
// A device with two spin locks: the error path re-acquires the first lock instead of the
// second.  (The kernel functions are empty stubs here: the rule is about the calls.)
typedef struct { long v; } KSPIN_LOCK;
typedef unsigned char KIRQL;
struct device { KSPIN_LOCK queue_lock; KSPIN_LOCK stats_lock; int pending; };
void KeAcquireSpinLock(KSPIN_LOCK *lock, KIRQL *old) { *old = 0; }
void KeReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old) { }
int __VERIFIER_nondet_int(void);

struct device dev;

int main(void) {
  KIRQL a, b;
  KeAcquireSpinLock(&dev.queue_lock, &a);
  dev.pending = __VERIFIER_nondet_int();
  if (dev.pending > 3) {
    /* bug: should be stats_lock */
    KeAcquireSpinLock(&dev.queue_lock, &b);
    KeReleaseSpinLock(&dev.queue_lock, b);
  }
  KeReleaseSpinLock(&dev.queue_lock, a);
  return 0;
}
