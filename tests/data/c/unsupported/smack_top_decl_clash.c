// REJECT: a name pycorral's model of the program already uses
#include "smack.h"
int counter;
int main(void) {
  __SMACK_top_decl("var counter: int;"); // <-
  return counter;
}
