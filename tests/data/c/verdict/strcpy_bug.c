// EXPECT: bug
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char b[8] = "hello";
  strcpy(b, "hi");
  if (b[3] == 'l') reach_error();          /* strcpy leaves b[3] alone */
  return 0;
}
