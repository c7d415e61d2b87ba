// EXPECT: correct
// SMACK's __SMACK_code: a C function called by name, a procedure placeholder, a result
// written into a C variable
#include "smack.h"
void add10(int *x) { *x = *x + 10; }
int twice(int v) { return v + v; }
int main(void) {
  int *y = malloc(sizeof(int));
  *y = 10;
  __SMACK_code("call add10(@);", y);
  int v = *y;
  int r = 0;
  __SMACK_code("call @ := @(@);", r, twice, v);
  assert(*y == 20 && v == 20 && r == 40);
  return 0;
}
