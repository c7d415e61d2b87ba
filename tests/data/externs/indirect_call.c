// A call through a function pointer that may reach a function without a body.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
void set(int *p);
void clear(int *p) { *p = 0; }
int main(void) {
  int x = 0;
  void (*fp)(int *) = set;
  if (x == 1)
    fp = clear;
  fp(&x);
  assert(x == 0);
  return 0;
}
