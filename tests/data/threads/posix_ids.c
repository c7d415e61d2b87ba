// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// POSIX: pthread_self() in a thread equals the pthread_t its creator got; main's differs;
// pthread_equal compares; joining oneself is EDEADLK (35), a thread that does not exist ESRCH (3).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_t worker_id, seen;

void *worker(void *arg) {
  pthread_t me = pthread_self();
  seen = me;
  assert(pthread_join(me, 0) == 35);
  return 0;
}

int main(void) {
  pthread_t main_id = pthread_self();
  pthread_create(&worker_id, 0, worker, 0);
  assert(!pthread_equal(main_id, worker_id));
  assert(pthread_join(main_id, 0) == 35);
  assert(pthread_join(worker_id, 0) == 0);
  assert(pthread_equal(seen, worker_id));
  assert(pthread_join(worker_id + 100, 0) == 3);
  return 0;
}
