// EXPECT: correct
// A struct with a flexible array member (the kernel's struct comedi_lrange): assigning the
// struct copies its members, not the array after it (C11 6.7.2.1p18), and a static one is
// zero (SV-COMP LDV task ni_6527 failed to load on the zero fill of such a global).
#include <stdlib.h>
extern void reach_error(void);
struct lrange { int length; int range[]; };
extern const struct lrange range_unknown;
static struct lrange empty;
int main(void) {
  struct lrange *a = malloc(sizeof(struct lrange) + 2 * sizeof(int));
  struct lrange *b = malloc(sizeof(struct lrange) + 2 * sizeof(int));
  if (!a || !b) return 0;
  a->length = 1; a->range[0] = 5;
  b->length = 2; b->range[0] = 7;
  *a = *b;
  if (a->length != 2 || a->range[0] != 5 || empty.length != 0) reach_error();
  return 0;
}
