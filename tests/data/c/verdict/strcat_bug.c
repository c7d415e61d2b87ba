// EXPECT: bug
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char b[8] = "ab";
  strcat(b, "c");
  if (strlen(b) == 3) reach_error();
  return 0;
}
