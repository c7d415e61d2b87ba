// EXPECT: correct
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char a[8] = "xyz";
  char b[8];
  char *r = strcpy(b, a);
  if (r != b || b[0] != 'x' || b[2] != 'z' || b[3] != 0) reach_error();
  strcpy(b, "q");
  if (b[0] != 'q' || b[1] != 0 || b[2] != 'z') reach_error();   /* the rest stays */
  return 0;
}
