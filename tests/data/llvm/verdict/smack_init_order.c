// EXPECT: bug
// SMACK's initialisation functions run before main, after the global initialisers, in
// definition order: g is (10 + 1) * 2, not (10 * 2) + 1
#include "smack.h"
int g = 10;
__SMACK_INIT(first) { g = g + 1; }
__SMACK_INIT(second) { g = g * 2; }
int main(void) {
  assert(g == 21);
  return 0;
}
