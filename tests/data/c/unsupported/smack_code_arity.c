// REJECT: 2 '@' placeholder(s) and 1 argument(s)
#include "smack.h"
int main(void) {
  int x = 0;
  __SMACK_code("assume @ == @;", x); // <-
  return x;
}
