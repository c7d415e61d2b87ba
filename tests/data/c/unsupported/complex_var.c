// REJECT: complex numbers
int main(void) {
  double _Complex z = 1.0; // <-
  return 0;
}
