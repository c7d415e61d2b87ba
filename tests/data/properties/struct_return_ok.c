// EXPECT: correct
// FLAGS: --memory-safety --bound 2
// a struct returned by value is the caller's copy: reading it after the callee's frame
// died is no dangling access
typedef struct { int a; long b; } S;
static S make(int v) {
  S x = {v, 2L};
  return x;
}
int main(void) {
  S y = make(1);
  return y.a + (int)y.b - 3;
}
