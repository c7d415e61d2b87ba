// EXPECT: correct
// strcpy, strcat and strncpy build "ab" + "cd"; strlen and strchr read the result.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[8];
  char tail[3];
  strcpy(buf, "ab");
  strncpy(tail, "cd", 3);
  strcat(buf, tail);
  if (strlen(buf) != 4) reach_error();
  if (strchr(buf, 'c') != buf + 2) reach_error();
  if (strchr(buf, 'z') != 0) reach_error();
  if (buf[4] != 0) reach_error();
  return 0;
}
