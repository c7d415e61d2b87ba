// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// WARNING@22: arguments 1 and 2 of 'dev_ioctl' both read nondeterministic values
// The two nondet calls of one line run three times: each call site's k-th execution must
// get the value the trace chose for it (the error needs (1, 2), (11, 12), (21, 22) in that
// order), whatever order gcc evaluates the arguments in.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int step, good = 1;
void dev_ioctl(int cmd, int arg)
{
  if (cmd != 10 * step + 1 || arg != 10 * step + 2)
    good = 0;
  step++;
  if (step == 3 && good)
    reach_error();
}
int main(void)
{
  for (int k = 0; k < 3; k++)
    dev_ioctl(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  return 0;
}
