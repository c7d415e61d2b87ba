// EXPECT: bug
// A pointer crosses into injected code and reaches a C function that writes the object as
// bytes: the model must see the int through the char view (byte-level memory)
#include "smack.h"
void setc(char *p) { p[0] = 1; p[1] = 0; p[2] = 0; p[3] = 0; }
int main(void) {
  int *x = malloc(sizeof(int));
  *x = 0;
  __SMACK_code("call setc(@);", x);
  assert(*x == 0);
  return 0;
}
