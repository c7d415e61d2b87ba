// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// WARNING@14: arguments 1 and 2 of 'dev_ioctl' both read nondeterministic values
// Two nondet calls as the arguments of one call: the verifier (both front ends) evaluates
// them left to right, gcc on x86-64 right to left.  The error needs cmd 3 and arg 7, so a
// replay that hands the trace's values out in execution order swaps them natively and
// misses it; keyed by call site (replay/sites.py), each call gets its own value.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void dev_ioctl(int cmd, int arg) { if (cmd == 3 && arg == 7) reach_error(); }
int main(void)
{
  dev_ioctl(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  return 0;
}
