// EXPECT: bug
// FLAGS: --encoding int --bound 6
#include <string.h>
extern void reach_error(void);
int main(void) {
  char b[6] = "vwxyz";
  strncpy(b, "abc", 3);
  if (b[3] == 'y') reach_error();          /* strncpy(.., 3) does not terminate */
  return 0;
}
