// EXPECT: correct
// ENCODINGS: bv
// (int encoding: the int2bv/bv2nat bridge between byte maps of integers and float patterns
// is slow in z3 -- correct, but past the test timeout)
// Floats through calls and returns, globals with initialisers, an array, a struct in
// memory, select.
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
struct P { float x; double y; };
float offset = 0.5f;
float table[3] = {1.5f, -2.0f, 0.25f};
static float shifted(float v) { return v + offset; }
static float pick(struct P *p, int first) { return first ? p->x : (float)p->y; }
int main(void) {
  float a = __VERIFIER_nondet_float();
  if (!(a >= 1.0f && a <= 4.0f)) return 0;
  if (shifted(a) <= a) reach_error();
  struct P p = {table[0], table[1] * 2.0};
  if (pick(&p, 1) != 1.5f || pick(&p, 0) != -4.0f) reach_error();
  float m = a > 2.0f ? a : 2.0f;
  if (m < 2.0f) reach_error();
  if (table[0] + table[1] + table[2] != -0.25f) reach_error();
  return 0;
}
