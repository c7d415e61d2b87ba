// A file-scope asm that puts a function in .init_array: the loader calls it before main,
// so it may write the program's memory -- not modelled.
// EXPECT: unknown
#include <assert.h>
int g = 1;
void clear(void) { g = 0; }
__asm__(".section .init_array,\"aw\"\n.balign 8\n.quad clear\n.text");
int main(void) {
  assert(g == 1);
  return 0;
}
