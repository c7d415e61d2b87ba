// __builtin_object_size (the kernel's copy_from_user checks; it stopped an LDV task in
// the LLVM front end: llvm.objectsize): any size in both front ends, and GCC never
// evaluates its arguments.
// EXPECT: correct
#include <assert.h>
unsigned long size_of(char *p) { return __builtin_object_size(p, 0); }
int main(void) {
  char buf[8];
  int n = 0;
  unsigned long s = __builtin_object_size(buf + n++, 0) + size_of(buf);
  assert(n == 0);
  return (int)(s & 1);
}
