// EXPECT: correct
// 0.5 + 0.25 == 0.75 exactly; float arithmetic rounds 16777216 + 1 back to 16777216.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  double a = 0.5;
  if (a + 0.25 != 0.75) reach_error();
  float big = 16777216.0f;
  float one = __VERIFIER_nondet_float();
  if (one == 1.0f && big + one != big) reach_error();
  return 0;
}
