// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// RULE: relocking a PTHREAD_MUTEX_DEFAULT mutex the thread holds is undefined behaviour
// POSIX: relocking a PTHREAD_MUTEX_DEFAULT mutex (the static initialiser's) the thread holds is
// undefined behaviour: reported, naming the rule.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  return 0;
}
