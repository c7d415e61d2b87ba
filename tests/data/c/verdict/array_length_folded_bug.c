// EXPECT: bug
// File-scope array lengths that are integer constant expressions the front end used not
// to fold (sizeof of an object, a double constant cast to int, C11 6.6p6): the arrays
// were given one element, so a wrong belief about their size was "proved".
#include <assert.h>
int a[] = {1, 2, 3};
int b[sizeof(a) / sizeof(a[0])];
char c[(int)2.5];
int main(void) {
  assert(sizeof b + sizeof c != 3 * sizeof(int) + 2);
  return 0;
}
