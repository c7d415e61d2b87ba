// EXPECT: correct
// Three classes (x, y, the array): the writes of one are no writes to another.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), arr[4] = {0};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  swap(&x, &y);
  arr[k] = x;
  if (arr[k] != x) reach_error();
  return 0;
}
