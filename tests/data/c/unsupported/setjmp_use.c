// REJECT: call to 'setjmp'
#include <setjmp.h>
jmp_buf env;
int main(void) {
  if (setjmp(env)) // <-
    return 1;
  return 0;
}
