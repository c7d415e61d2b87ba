// A file-scope asm is ignored: it runs no code, the program is correct.
// EXPECT: correct
#include <assert.h>
__asm__(".section .comment\n.string \"pycorral\"\n.text");
int g = 1;
int main(void) {
  assert(g == 1);
  return 0;
}
