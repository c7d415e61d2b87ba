// REJECT: does not type-check
#include "smack.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __SMACK_top_decl("function P(b: bool): bool;");
  __SMACK_code("assume P(@);", x); // <-
  return x;
}
