// EXPECT: correct
// A global map over SMACK's type `ref` (pycorral's pointers), set up by an initialisation
// function
#include "smack.h"
__SMACK_INIT(marks) {
  __SMACK_top_decl("var $mark: [ref]bool;");
  __SMACK_code("assume (forall p: ref :: !$mark[p]);");
}
int main(void) {
  int *p = malloc(sizeof(int));
  int *q = malloc(sizeof(int));
  __SMACK_code("$mark[@] := true;", p);
  __SMACK_code("assert $mark[@] && !$mark[@];", p, q);
  return 0;
}
