// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// pthread_join waits for the thread's end and returns its result; the argument reaches
// the start routine.
#include <assert.h>
#include <pthread.h>

int seen;

void *worker(void *arg) {
  seen = *(int *)arg;
  return arg;
}

int main(void) {
  pthread_t t;
  int v = 7;
  void *r;
  pthread_create(&t, 0, worker, &v);
  pthread_join(t, &r);
  assert(r == &v);
  assert(seen == 7);
  return 0;
}
