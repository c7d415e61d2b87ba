// EXPECT: correct
// FLAGS: --bound 2 --encoding bv
// calloc's block is zero in every view (its class byte level: ints read as bytes), and
// the zero fact constrains no byte outside the block: a global after it keeps its value.
extern void reach_error(void);
#include <stdlib.h>
int after = 7;
int main(void) {
  int *p = calloc(4, sizeof(int));
  if (!p)
    return 0;
  unsigned char *b = (unsigned char *)p;
  if (p[3] != 0 || b[15] != 0 || b[0] != 0)
    reach_error();
  if (after != 7)
    reach_error();
  return 0;
}
