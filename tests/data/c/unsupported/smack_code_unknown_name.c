// REJECT: naming the variable or constant '$M.0'
#include "smack.h"
int main(void) {
  int *p = malloc(sizeof(int));
  __SMACK_code("assume $M.0[@] == 1;", p); // <-
  return 0;
}
