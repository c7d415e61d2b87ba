/* A driver's dispatch routine racing its interrupt handler on the device's counters.

   The dispatch routine queues a request (`pending++`); the interrupt handler completes one
   (`pending--; completed++`).  Both run at the same time: without a lock, the dispatch
   routine's read-modify-write of `pending` can straddle the handler's, and a request is
   counted twice (or lost).  Build with -DUSE_LOCK (examples/driver_race_locked.c) for the
   version that takes the device lock around both updates.

     pycorral check examples/driver_race.c --context-bound 3 --bound 2
       -> bug found; the trace names the two threads (main = the dispatch routine, thread 2 =
          the interrupt handler) and the context switches between them
     pycorral check examples/driver_race_locked.c --context-bound 3 --bound 2
       -> no bug within 3 context switches and bound 2 (bounded, not a proof)
   Either front end: add `--frontend llvm`. */
#include <assert.h>
#include <pthread.h>

struct device {
  int pending;              /* requests queued and not yet completed */
  int completed;            /* requests the interrupt handler completed */
#ifdef USE_LOCK
  pthread_mutex_t lock;
#endif
};

struct device dev;

#ifdef USE_LOCK
#define LOCK(d) pthread_mutex_lock(&(d)->lock)
#define UNLOCK(d) pthread_mutex_unlock(&(d)->lock)
#else
#define LOCK(d)
#define UNLOCK(d)
#endif

/* The interrupt service routine: completes a pending request, if any. */
void *interrupt_handler(void *context) {
  struct device *d = context;
  LOCK(d);
  if (d->pending > 0) {
    d->pending = d->pending - 1;
    d->completed = d->completed + 1;
  }
  UNLOCK(d);
  return 0;
}

/* The dispatch routine: queues one request. */
void dispatch(struct device *d) {
  LOCK(d);
  d->pending = d->pending + 1;
  UNLOCK(d);
}

int main(void) {
  pthread_t isr;
#ifdef USE_LOCK
  pthread_mutex_init(&dev.lock, 0);
#endif
  dispatch(&dev);                       /* a request queued before interrupts are on */
  pthread_create(&isr, 0, interrupt_handler, &dev);
  dispatch(&dev);                       /* races with the interrupt handler */
  pthread_join(isr, 0);
  assert(dev.pending + dev.completed == 2);     /* no request lost or counted twice */
  return 0;
}
