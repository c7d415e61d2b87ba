// EXPECT: bug
// FLAGS: --malloc-may-fail
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) reach_error();
  return 0;
}
