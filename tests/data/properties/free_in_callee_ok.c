// EXPECT: correct
// FLAGS: --memory-safety --bound 3
// blocks handed to another function and freed there, NULL freed, calloc'd memory read
#include <stdlib.h>
struct node { int v; struct node *next; };
static void release(struct node *n) {
  while (n) {
    struct node *next = n->next;
    free(n);
    n = next;
  }
}
int main(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  int *z = calloc(4, sizeof(int));
  a->v = 1; a->next = b;
  b->v = 2; b->next = 0;
  int s = a->v + a->next->v + (z ? z[3] : 0);
  free(z);
  free((void *)0);
  release(a);
  return s;
}
