// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// WARNING@17: arguments 1 and 2 of 'dev_ioctl' both read nondeterministic values
// Macros on the line move the preprocessed columns (the C front end maps them back to the
// file's, frontend/c/columns.py): both nondet calls are still found at their trace
// locations.  The third value comes from a macro's expansion, which the replay cannot
// locate: it stays in the execution-order sequence, alone there, so the run still
// confirms (the reason says so).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define BASE_COMMAND_NUMBER 0
#define ND() __VERIFIER_nondet_int()
void dev_ioctl(int cmd, int arg, int w) { if (cmd == 3 && arg == 7 && w == 5) reach_error(); }
int main(void)
{
  dev_ioctl(BASE_COMMAND_NUMBER  +  __VERIFIER_nondet_int(),   __VERIFIER_nondet_int(), ND());
  return 0;
}
