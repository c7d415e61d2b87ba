// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// RULE: pthread_cond_wait: the thread must hold the mutex
// POSIX: pthread_cond_wait with a DEFAULT mutex the thread does not hold is undefined behaviour.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  pthread_cond_wait(&c, &m);
  return 0;
}
