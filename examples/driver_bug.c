/* driver.c with a bug (see driver.c for the harness and the rule).
 *
 * The bug: dispatch_write rejects an invalid length without releasing the lock, so the
 * lock is still held when the driver unloads (or when the next request acquires it).
 *
 *   ./run examples/driver_bug.c --bound 2             ->  bug found, with a trace
 *   ./run examples/driver_bug.c --bound 2 --houdini   ->  the same bug
 *
 * (Bound 2: the request loop became a tail-recursive procedure, and leaving the loop after
 * one request is its second instance.  With bound 1 the answer is "no bug within bound 1",
 * with or without --houdini: summaries never turn a bug into a proof.)
 */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

#define FREE 0
#define HELD 1

int lock_state;          /* the rule's typestate */
int queue_len;           /* requests waiting in the device queue */
int status_reg;          /* the device's status register */

void KeAcquireSpinLock(void) {
  assert(lock_state == FREE);        /* no double acquire */
  lock_state = HELD;
}

void KeReleaseSpinLock(void) {
  assert(lock_state == HELD);        /* no release of a free lock */
  lock_state = FREE;
}

/* Reads n words from the device under the lock. */
int dispatch_read(int n) {
  int sum = 0;
  KeAcquireSpinLock();
  for (int i = 0; i < n; i++)
    sum += __VERIFIER_nondet_int();
  KeReleaseSpinLock();
  return sum;
}

/* Queues a write; an invalid length is rejected. */
int dispatch_write(int len) {
  KeAcquireSpinLock();
  if (len < 0)
    return -1;                       /* BUG: the lock is still held */
  queue_len = queue_len + 1;
  status_reg = len;
  KeReleaseSpinLock();
  return 0;
}

/* Completes queued requests, one per call, taking the lock for each. */
void flush_queue(int done) {
  if (queue_len <= 0)
    return;
  KeAcquireSpinLock();
  queue_len = queue_len - 1;
  status_reg = done;
  KeReleaseSpinLock();
  flush_queue(done + 1);
}

/* Must be called with the lock held. */
int complete_under_lock(int code) {
  assert(lock_state == HELD);
  status_reg = code;
  return 0;
}

int dispatch_ioctl(int code) {
  int r = 0;
  switch (code) {
  case 1:
    KeAcquireSpinLock();
    r = complete_under_lock(code);
    KeReleaseSpinLock();
    break;
  case 2:
    flush_queue(0);
    break;
  default:
    r = -1;
  }
  return r;
}

/* Retries a power transition up to k times; runs with the lock held. */
int power_retry(int k) {
  assert(lock_state == HELD);
  if (k <= 0)
    return -1;
  if (__VERIFIER_nondet_int())
    return 0;                        /* the device answered */
  return power_retry(k - 1);
}

int dispatch_power(int retries) {
  KeAcquireSpinLock();
  int r = power_retry(retries);
  KeReleaseSpinLock();
  return r;
}

int main(void) {
  lock_state = FREE;
  queue_len = 0;
  while (__VERIFIER_nondet_int()) {  /* the environment's requests */
    int arg = __VERIFIER_nondet_int();
    switch (__VERIFIER_nondet_int()) {
    case 0: dispatch_read(arg); break;
    case 1: dispatch_write(arg); break;
    case 2: dispatch_ioctl(arg); break;
    default: dispatch_power(arg); break;
    }
  }
  assert(lock_state == FREE);        /* the lock is free when the driver unloads */
  return 0;
}
