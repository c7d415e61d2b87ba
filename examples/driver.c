/* A device-driver harness in the style of the Static Driver Verifier (SDV) rules that
 * Corral was built for (CORRAL TR, Section 4.2).
 *
 * The rule: the spin lock is acquired and released in strict alternation, is held where a
 * routine requires it, and is free when the driver unloads.  The typestate `lock_state`
 * (FREE/HELD) is checked by assertions in KeAcquireSpinLock/KeReleaseSpinLock.
 *
 * The environment sends an unbounded, nondeterministic sequence of requests (the loop in
 * main) to four dispatch routines; dispatch_read loops over the words it reads,
 * flush_queue and power_retry recurse without a bound.
 *
 *   ./run examples/driver.c --bound 3            ->  no bug within bound 3
 *   ./run examples/driver.c --houdini            ->  correct (proved for every bound)
 *
 * Without summaries, stratified inlining must cut the request loop and the recursions off
 * at the bound, and the havoc summary of a cut-off call forgets the lock state.  Houdini
 * infers summaries such as `old(lock_state) == FREE ==> lock_state == FREE && !error` for
 * every dispatch routine and the request loop (candidates from the rule's typestate
 * `lock_state == 0`, `lock_state == 1`), and with them the over-approximation proves the
 * rule for requests sequences and recursion depths of every length.  driver_bug.c is the
 * same driver with a bug.
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

/* Queues a write; an invalid length is rejected (after releasing the lock). */
int dispatch_write(int len) {
  KeAcquireSpinLock();
  if (len < 0) {
    KeReleaseSpinLock();
    return -1;
  }
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
