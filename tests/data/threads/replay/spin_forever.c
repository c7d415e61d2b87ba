// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// A worker that spins for ever without touching memory: a native run can stop a thread
// only where it touches memory or calls the thread API, so a schedule that gives this
// worker a turn before main's check never gives the baton back (the runtime's watchdog
// ends the run).  Main's check fails whatever the worker does.
#include <assert.h>
#include <pthread.h>

int x;

void *spin(void *arg) {
  for (;;) {
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, spin, 0);
  assert(x == 1);
  return 0;
}
