// EXPECT: correct
// SMACK's initialisation functions run before main, after the global initialisers, in
// definition order
#include "smack.h"
int g = 10;
__SMACK_INIT(first) { g = g + 1; }
__SMACK_INIT(second) { g = g * 2; }
int main(void) {
  assert(g == 22);
  return 0;
}
