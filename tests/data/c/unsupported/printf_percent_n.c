// REJECT: printf with %n in its format
#include <stdio.h>
int main(void) {
  int n = 0;
  printf("ab%n\n", &n); // <-
  return n;
}
