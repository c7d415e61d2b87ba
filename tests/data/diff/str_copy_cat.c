// EXPECT: correct
// strcpy and strcat build "ab" + "c"; strlen reads the result.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[6];
  strcpy(buf, "ab");
  strcat(buf, "c");
  if (strlen(buf) != 3) reach_error();
  return 0;
}
