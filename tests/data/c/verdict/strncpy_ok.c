// EXPECT: correct
// FLAGS: --encoding int --bound 6
#include <string.h>
extern void reach_error(void);
int main(void) {
  char b[6] = "vwxyz";
  strncpy(b, "ab", 4);                     /* a, b, then zeros up to 4 bytes */
  if (b[0] != 'a' || b[1] != 'b' || b[2] != 0 || b[3] != 0 || b[4] != 'z') reach_error();
  strncpy(b, "cdef", 2);                   /* no terminator written */
  if (b[0] != 'c' || b[1] != 'd' || b[2] != 0) reach_error();
  return 0;
}
