// REJECT: call to 'pthread_create'
#include <pthread.h>
void *worker(void *arg) { return arg; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, 0, 0); // <-
  return 0;
}
