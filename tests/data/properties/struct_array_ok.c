// EXPECT: correct
// FLAGS: --memory-safety --bound 3
// pointer arithmetic over an array of structs, on the heap and on the stack, freed at
// the end: nothing to flag
#include <stdlib.h>
struct point { int x; short y; char tag[3]; };
int __VERIFIER_nondet_int(void);
static int sum(struct point *begin, struct point *end) {
  int s = 0;
  for (struct point *q = begin; q != end; q++)
    s += q->x + q->y + q->tag[2];
  return s;
}
int main(void) {
  struct point local[3];
  struct point *heap = malloc(3 * sizeof(struct point));
  if (heap == 0)
    return 0;
  for (int i = 0; i < 3; i++) {
    local[i].x = i; local[i].y = 1; local[i].tag[2] = 'a';
    (heap + i)->x = i; heap[i].y = 2; heap[i].tag[2] = 'b';
  }
  int k = __VERIFIER_nondet_int();
  int s = sum(local, local + 3) + sum(heap, &heap[3]);
  if (k >= 0 && k < 3)
    s += heap[k].tag[0] + local[2 - k].x;
  free(heap);
  return s;
}
