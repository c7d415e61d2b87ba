// REPLAY: confirmed
// A nondet call whose result is never used: the trace may not fix its value; the
// harness returns 0 for calls beyond the sequence.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) {
    __VERIFIER_nondet_int();
    reach_error();
  }
  return 0;
}
