// REJECT: call to 'pthread_key_create'
// Threads are modelled (frontend/include/pycorral_pthread.c), thread-specific data is not.
#include <pthread.h>
int main(void) {
  pthread_key_t k;
  pthread_key_create(&k, 0); // <-
  return 0;
}
