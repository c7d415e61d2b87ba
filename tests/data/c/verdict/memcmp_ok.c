// EXPECT: correct
// FLAGS: --encoding int --bound 6
// memcmp views the ints as bytes: the front end falls back to byte-level memory
#include <string.h>
extern void reach_error(void);
int main(void) {
  int a[1] = {0x0102};
  int b[1] = {0x0103};
  if (memcmp(a, b, 4) >= 0) reach_error();       /* first byte 2 < 3 */
  if (memcmp(a, b, 0) != 0) reach_error();
  b[0] = 0x0102;
  if (memcmp(a, b, sizeof a) != 0) reach_error();
  return 0;
}
