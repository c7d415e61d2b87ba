// EXPECT: correct
// ENCODINGS@llvm: bv
// (LLVM front end, int encoding: past the test timeout in z3 -- the C front end takes 1 s)
// Floats and doubles in every place a value lives: globals (initialised and zero), struct
// members, array elements, parameters and results, with compound assignment, ++/--,
// the usual arithmetic conversions (float op float stays float) and casts both ways.
extern void reach_error(void);
struct P { float x; double y; int n; };
double total;                          /* zero */
float scale = 0.5f;
float arr[4] = {1.0f, 2.0f};           /* the rest zero */
static double twice(double v) { return v * 2; }
static float first(struct P p) { return p.x; }
int main(void) {
  struct P p = {1.5f, 0.25, 3};
  p.y += p.x;                          /* 1.75: exact */
  p.n *= 1.5;                          /* int * double, truncated back: 4 */
  p.x--;
  if (p.y != 1.75 || p.n != 4 || p.x != 0.5f) reach_error();
  total += arr[0];
  total += arr[1] + arr[3];
  if (total != 3.0 || arr[3] != 0.0f) reach_error();
  if (twice(scale) != 1.0 || first(p) != 0.5f) reach_error();
  if ((float)16777217 != 16777216.0f || (double)16777217 != 16777217.0) reach_error();
  if (sizeof(1.0f * 1.0f) != sizeof(float) || sizeof(1.0f * 1.0) != sizeof(double))
    reach_error();
  return 0;
}
