// REJECT: undefined function 'fill' with pointer arguments
void fill(int *buf);
int main(void) {
  int b[2];
  fill(b); // <-
  return b[0];
}
