// REPLAY: confirmed
// The program gives reach_error an empty body and calls abort() after it (as some
// SV-COMP tasks do): entering reach_error is the error, natively as for the verifier.
extern void abort(void);
void reach_error() {}
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = __VERIFIER_nondet_int();
  if (x == -17) { ERROR: {reach_error(); abort();} }
  return 0;
}
