// The kernel's get_current() as CIL prints it: an attribute inside the parenthesized
// declarator (GnuCParser rejected it) and a per-cpu read in asm whose output is the
// task pointer: any pointer the asm could produce.
// EXPECT: correct
#include <assert.h>
struct task { int pid; };
struct task *current_task;
extern int __VERIFIER_nondet_int(void);
__inline static struct task *( __attribute__((__always_inline__)) get_current)(void)
{
  struct task *pfo_ret__;
  __asm__("movq %%gs:%P1,%0" : "=r" (pfo_ret__) : "p" (&current_task));
  return pfo_ret__;
}
int main(void) {
  int x = 1;
  if (__VERIFIER_nondet_int() == 12345) {
    struct task *t = get_current();
    t->pid = 3;
  }
  assert(x == 1);
  return 0;
}
