// Without a "memory" clobber the asm writes only its outputs: a global not passed stays.
// EXPECT: correct
#include <assert.h>
int g = 7;
int h;
int *escaped = &h;
int main(void) {
  int x = 1;
  int *p = &g;
  asm volatile("" : "+r"(x) : "r"(p), "m"(h) : "cc");
  assert(g == 7 && h == 0);
  return 0;
}
