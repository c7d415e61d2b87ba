// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// RULE: destroying a locked mutex is undefined behaviour
// POSIX: destroying a locked mutex is undefined behaviour.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutex_init(&m, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_destroy(&m);
  return 0;
}
