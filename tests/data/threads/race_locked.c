// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// race_bug.c with a mutex around both increments: no lost update within the bound.
#include <assert.h>
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
