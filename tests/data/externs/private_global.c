// Globals whose address never escapes are not written, and memory of another type than
// what the argument reaches is kept.
// EXPECT: correct
// PURE: correct
// HAVOCS@c: $M.i8
#include <assert.h>
int g = 1;
int tab[2] = { 3, 4 };
void fill(char *buf, int n);
int main(void) {
  char buf[4];
  fill(buf, 4);
  assert(g == 1);
  assert(tab[0] == 3);
  return buf[0];
}
