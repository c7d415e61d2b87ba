// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// A mutex initialised with a NULL attribute, locked and unlocked in main, the only thread:
// correct (issue 33: the thread id of a program without threads was havoc'd: a false bug).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t lock;
  pthread_mutex_init(&lock, 0);
  pthread_mutex_lock(&lock);
  pthread_mutex_unlock(&lock);
  pthread_mutex_destroy(&lock);
  return 0;
}
