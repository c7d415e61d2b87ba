// A file-scope asm defines a function; the program's call of it is a call of a function
// without a body (arbitrary result), and the asm itself changes nothing.
// EXPECT: possible-bug
// REPLAY: confirmed
#include <assert.h>
__asm__(".text\n.globl asm_answer\nasm_answer:\n  movl $42, %eax\n  ret\n");
int asm_answer(void);
int g = 1;
int main(void) {
  assert(g == 1);
  int r = asm_answer();
  assert(r != 42);
  return 0;
}
