// EXPECT: correct
// FLAGS: --rules spinlock --bound 2
// spinlock_twice.c fixed: the two locks nest, each released before the return.
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
    KeAcquireSpinLock(&dev.stats_lock, &b);
    KeReleaseSpinLock(&dev.stats_lock, b);
  }
  KeReleaseSpinLock(&dev.queue_lock, a);
  return 0;
}
