// EXPECT: correct
// FLAGS: --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char a[4] = "abc";
  if (strcmp(a, "abc") != 0) reach_error();
  if (strcmp(a, "abd") >= 0) reach_error();
  if (strcmp(a, "ab") <= 0) reach_error();
  if (strcmp("\xff", "a") <= 0) reach_error();     /* compared as unsigned char */
  return 0;
}
