// EXPECT: bug
// An offset made from two pointers' integer values reaches the other object:
// p + ((uintptr_t)q - (uintptr_t)p) is q; the offset holds objects, so it joins p's class.
#include <stdint.h>
extern void reach_error(void);
int a[4], b[4];
int main(void) {
  int *p = a, *q = b;
  uintptr_t d = (uintptr_t)q - (uintptr_t)p;
  int *r = (int *)((char *)p + d);
  r[1] = 7;
  if (b[1] == 7) reach_error();
  return 0;
}
