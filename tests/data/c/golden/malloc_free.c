#include <stdlib.h>
// heap allocation: malloc, calloc, free
struct node { int v; struct node *next; };
int main(void) {
  struct node *n = malloc(sizeof(struct node));
  int *zeros = calloc(4, sizeof(int));
  n->v = 1;
  n->next = 0;
  int r = n->v + (zeros ? zeros[2] : 0);
  free(n);
  free(zeros);
  return r;
}
