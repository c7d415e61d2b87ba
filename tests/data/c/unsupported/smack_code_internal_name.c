// REJECT: naming the variable or constant '$alloc'
#include "smack.h"
int main(void) {
  int x = 0;
  __SMACK_code("assume $alloc > 0;"); // <-
  return x;
}
