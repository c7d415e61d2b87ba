// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// SMACK's pthread/equal.c creates a thread with a NULL start routine: a call through a
// pointer that can hold no function is undefined and ends its path (the thread never ends,
// so the join waits forever).  The LLVM front end named the call's undeclared result
// (an error pointing into the model); now both front ends answer bounded.
#include <pthread.h>

pthread_t worker;

int main(void) {
  pthread_create(&worker, 0, 0, 0);
  pthread_join(worker, 0);
  return 0;
}
