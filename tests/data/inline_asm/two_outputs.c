// Two register outputs (one struct result in LLVM IR): both arbitrary.
// EXPECT: possible-bug
// REPLAY: not_replayable
#include <assert.h>
int main(void) {
  int a = 0;
  long b = 0;
  __asm__ volatile("" : "=r"(a), "=r"(b));
  assert(a != 1 || b != 2);
  return 0;
}
