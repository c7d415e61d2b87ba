// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// main's pthread_self() is not the worker's id.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_t worker_id;

void *worker(void *arg) {
  return 0;
}

int main(void) {
  pthread_create(&worker_id, 0, worker, 0);
  assert(pthread_equal(pthread_self(), worker_id));
  pthread_join(worker_id, 0);
  return 0;
}
