// C: a `void *` whose object type the program does not show reaches every map; LLVM keeps
// the regions apart (the pointer's region is the int's only).
// EXPECT@c: bug
// EXPECT@llvm: correct
// PURE: correct
#include <assert.h>
void wipe(void *p);
int main(void) {
  int a = 1;
  char c[1] = { 2 };
  void *v = &a;
  wipe(v);
  assert(c[0] == 2);
  return 0;
}
