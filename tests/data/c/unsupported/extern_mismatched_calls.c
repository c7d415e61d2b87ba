// REJECT: arguments of other types than at its first call
int f();
int main(void) {
  int r = f(1);
  r += f(1, 2); // <-
  return r;
}
