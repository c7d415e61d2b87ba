// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// RULE: unlocking a mutex the thread does not hold is undefined behaviour
// POSIX: unlocking a DEFAULT mutex the thread does not hold is undefined behaviour.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_unlock(&m);
  return 0;
}
