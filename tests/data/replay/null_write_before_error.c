// The path to reach_error writes through NULL first: without the memory checks the model
// lets the write go on and finds the error; the native run crashes there.  check answers
// unknown, naming the crash and the checks that look for it (tests/test_replay.py).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int *get(int x) { static int v; return x ? &v : 0; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = get(x);
  *p = 3;
  if (x == 0) reach_error();
  return 0;
}
