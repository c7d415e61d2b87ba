// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// calloc's block is zero in every view: its fact holds per byte when the block's class is
// byte level (ints written and read back as bytes); a byte written reaches the int view.
extern void reach_error(void);
#include <stdlib.h>
int main(void) {
  int *p = calloc(4, sizeof(int));
  if (!p)
    return 0;
  unsigned char *b = (unsigned char *)p;
  int typed[2];
  typed[0] = 5;
  if (p[2] != 0 || b[13] != 0)
    return 0;               /* never: the block is zero */
  b[8] = 1;
  if (p[2] == 1 && typed[0] == 5)
    reach_error();
  return 0;
}
