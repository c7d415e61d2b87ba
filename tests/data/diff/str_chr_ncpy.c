// EXPECT: correct
// strchr finds a character (and not one that is absent); strncpy pads with zeros.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[4] = "abc";
  char pad[3];
  if (strchr(buf, 'c') != buf + 2) reach_error();
  if (strchr(buf, 'z') != 0) reach_error();
  strncpy(pad, "x", 3);
  if (pad[0] != 'x' || pad[2] != 0) reach_error();
  return 0;
}
