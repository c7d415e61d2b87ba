// reach_error only when malloc returns NULL: FALSE with --malloc-may-fail, else TRUE
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) reach_error();
  free(p);
  return 0;
}
