// EXPECT: bug
// FLAGS: --context-bound 2 --bound 2
// t1 fails in round 1 on the value t2 writes in round 0 under a mutex; t2 runs after t1
// in the sequential program, and the mutex's checks are assertions: a failure stopped
// every later assertion's thread, so t2 stopped at its lock and the bug was missed at
// every context bound (issue 33; the thread campaign's seed 6).
#include <assert.h>
#include <pthread.h>
void reach_error(void) { assert(0); }
int g2 = 0;
pthread_mutex_t m0;
void *t2(void *arg) { pthread_mutex_lock(&m0); int a0 = g2; g2 = a0 + 1; pthread_mutex_unlock(&m0); return 0; }
void *t1(void *arg) { int a1 = g2; g2 = a1 + 1; if (g2 == 2) reach_error(); return 0; }
int main(void) {
  pthread_t h0, h1;
  pthread_mutex_init(&m0, 0);
  pthread_create(&h0, 0, t1, 0);
  pthread_create(&h1, 0, t2, 0);
  pthread_join(h0, 0);
  pthread_join(h1, 0);
  return 0;
}
