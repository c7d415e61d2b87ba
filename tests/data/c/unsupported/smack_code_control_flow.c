// REJECT: Boogie code of __SMACK_code that pycorral cannot read
#include "smack.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __SMACK_code("if (@ > 0) { assume false; }", x); // <-
  return x;
}
