/* The user's model of a sensor driver's routine (pycorral check --stubs): a reading in
   0..100, always successful. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int read_sensor(int *out) {
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= v && v <= 100);
  *out = v;
  return 0;
}
