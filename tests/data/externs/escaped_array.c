// A global array used as a value (its address escapes) may be written; one only indexed
// (private_global.c) is not.
// EXPECT: possible-bug
// PURE: correct
#include <assert.h>
int tab[2] = { 1, 2 };
int *cursor;
void poke(void);
int main(void) {
  cursor = tab;
  poke();
  assert(tab[0] == 1);
  return 0;
}
