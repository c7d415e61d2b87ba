// EXPECT: correct
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char b[8] = "ab";
  char *r = strcat(b, "cd");
  if (r != b || b[2] != 'c' || b[3] != 'd' || b[4] != 0) reach_error();
  return 0;
}
