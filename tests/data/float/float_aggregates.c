// EXPECT: bug
// ENCODINGS@llvm: bv
// (LLVM front end, int encoding: past the test timeout in z3)
// 0.1 + 0.2 (the doubles nearest them) is not 0.3, through array elements and a struct
// member; in float, 0.1f + 0.2f is 0.3f.
extern void reach_error(void);
struct Acc { double sum; float fsum; int n; };
double steps[3] = {0.1, 0.2};
int main(void) {
  struct Acc a = {0.0, 0.0f, 0};
  for (int i = 0; i < 2; i++) { a.sum += steps[i]; a.fsum += (float)steps[i]; a.n++; }
  if (a.fsum != 0.3f) return 0;
  if (a.n == 2 && a.sum != 0.3) reach_error();
  return 0;
}
