// REJECT: floating-point variable 'f'
int main(void) {
  float f = 1.0f; // <-
  return 0;
}
