// EXPECT: bug
// FLAGS: --encoding int --bound 5
// only the sign of strcmp is specified: a program expecting -1 can fail
#include <string.h>
extern void reach_error(void);
int main(void) {
  if (strcmp("ab", "ac") != -1) reach_error();
  return 0;
}
