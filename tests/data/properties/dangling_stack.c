// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 2
// a pointer to a local of a function that has returned
int *escape(int v) {
  int local = v;
  int *p = &local;
  return p;
}
int main(void) {
  int *q = escape(4);
  return *q;  // <-
}
