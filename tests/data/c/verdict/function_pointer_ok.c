// EXPECT: correct
extern void reach_error(void);
int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
int apply(int (*f)(int), int v) { return f(v); }
int main(void) {
  if (apply(twice, 4) != 8) reach_error();
  if (apply(&thrice, 4) != 12) reach_error();
  return 0;
}
