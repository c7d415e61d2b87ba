/* Floating point: a double variable, a float in memory (its bit pattern), a literal, a
   conversion each way, a comparison. */
extern double __VERIFIER_nondet_double(void);
float cell[2];
int main(void) {
  double d = __VERIFIER_nondet_double();
  cell[1] = d * 0.5;
  int i = (int)cell[1];
  if (cell[1] < 1.0f && i != 0) return 1;
  return 0;
}
