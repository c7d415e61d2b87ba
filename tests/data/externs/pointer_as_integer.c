// A pointer passed as an integer (of pointer width) may still be written through.
// EXPECT: possible-bug
// PURE: correct
// HAVOCS@c: $M.i16
#include <assert.h>
void take(unsigned long v);
int main(void) {
  short s = 2;
  take((unsigned long)&s);
  assert(s == 2);
  return 0;
}
