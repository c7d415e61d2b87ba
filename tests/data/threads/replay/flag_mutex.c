// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// A producer announces its data (`ready = 1`) in one critical section and writes it in
// the next; the consumer reads both in one critical section of its own.  Every access is
// under the mutex, and still the consumer can see the flag without the data: only when it
// runs between the producer's two critical sections.  The assertion fails in the
// consumer (thread 3), not in main.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ready;
int data;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;                    /* announced before the data is there */
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  data = 42;
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  int r, d;
  pthread_mutex_lock(&m);
  r = ready;
  d = data;
  pthread_mutex_unlock(&m);
  if (r)
    assert(d == 42);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
