// REJECT: thread-local variable 'n' in a program that starts threads
// C11's spelling, a block-scope static thread-local.
#include <pthread.h>
void *t(void *a) {
  static _Thread_local int n; // <-
  return (void *)(long)++n;
}
int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  pthread_join(id, 0);
  return 0;
}
