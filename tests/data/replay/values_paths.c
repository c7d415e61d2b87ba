// Hand-written value sequences (replay_values): VALUES[@expected line]: values => status
// (an error counts as at the expected line when it is at most 10 lines below it)
// VALUES: 42 => confirmed
// VALUES: 41 => not_reached
// VALUES: -1 => not_reached
// VALUES: 4294967338 => confirmed
// VALUES@19: 42 => confirmed
// VALUES@22: 42 => not_reached
// VALUES@22: 7 300 => confirmed
// VALUES@5: 7 44 => not_reached
// VALUES@19: 7 44 => confirmed
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  if (x == 42) reach_error();
  if (x == 7) {
    unsigned char c = __VERIFIER_nondet_uchar();
    if (c == 44) reach_error();
  }
  return 0;
}
