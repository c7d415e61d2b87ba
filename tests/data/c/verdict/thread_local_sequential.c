// EXPECT: correct
// Without threads a thread-local variable has one copy, the program's: an ordinary static
// variable (the C front end reads `__thread` as C11's `_Thread_local`).
#include <assert.h>
__thread int x = 3;
static _Thread_local int y;
int main(void) {
  x = x + 1;
  y = x;
  assert(y == 4);
  return 0;
}
