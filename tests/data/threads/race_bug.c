// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// Two threads increment a shared counter without a lock: `x = x + 1` is a read and a
// write, and a context switch between them loses an update.
#include <assert.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = x + 1;
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
