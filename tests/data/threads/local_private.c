// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// Locals whose address never escapes are each thread's own: the same increments as
// local_shared_bug.c on private counters cannot race.
#include <assert.h>
#include <pthread.h>

void *worker(void *arg) {
  int m = 0;
  m = m + 1;
  assert(m == 1);
  return 0;
}

int main(void) {
  pthread_t t;
  int n = 0;
  pthread_create(&t, 0, worker, 0);
  n = n + 1;
  pthread_join(t, 0);
  assert(n == 1);
  return 0;
}
