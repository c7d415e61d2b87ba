// EXPECT: bug
// FLAGS: --bound 6
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char a[3] = {1, 2, 3};
  unsigned char b[3] = {1, 2, 0};
  b[2] = __VERIFIER_nondet_uchar();
  if (memcmp(a, b, 3) == 0) reach_error();       /* b[2] == 3 */
  return 0;
}
