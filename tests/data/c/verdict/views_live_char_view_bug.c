// EXPECT: bug
// CLASSES: 1
// BYTE_LEVEL_CLASSES: 1
// The same allocation, but a char is written through the `char *`: the block is viewed
// at two types, its class is byte level, and the int sees the byte.
#include <stdlib.h>
extern void reach_error(void);
struct S { int a; struct S *next; };
char *last;
void *alloc_s(void) { char *t = malloc(sizeof(struct S)); last = t; return (void *)t; }
int main(void) {
  struct S *s = (struct S *)alloc_s();
  if (!s) return 0;
  s->a = 0;
  last[0] = 1;
  if (s->a == 1) reach_error();
  return 0;
}
