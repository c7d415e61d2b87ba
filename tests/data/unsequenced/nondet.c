// Two arguments that both read nondeterministic values: another order of evaluation gives
// the values to other parameters (the verifier takes them left to right).
// WARNING@16: arguments 1 and 2 of 'dev_ioctl' both read nondeterministic values
// WARNING@17: arguments 2 and 3 of 'f3' both read nondeterministic values
// WARNING@18: arguments 1 and 2 of 'dev_ioctl' both read nondeterministic values
// WARNING@21: arguments 1 and 2 of 'op' both read nondeterministic values
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void dev_ioctl(int cmd, int arg) { }
void f3(int a, int b, int c) { }
int read_command(void) { return __VERIFIER_nondet_int() & 7; }
int twice(int x) { return read_command() + x; }
int main(void)
{
  void (*op)(int, int) = dev_ioctl;
  dev_ioctl(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  f3(1, __VERIFIER_nondet_uchar(), __VERIFIER_nondet_int());
  dev_ioctl(read_command(), twice(2));   /* through the functions called */
  dev_ioctl(__VERIFIER_nondet_int(), 5);
  dev_ioctl(read_command(), 5);
  op(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  for (int k = 0; k < 3; k++)
    dev_ioctl(k, __VERIFIER_nondet_int());
  return 0;
}
