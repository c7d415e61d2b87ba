// REJECT: long double (x86's 80-bit format)
int main(void) {
  long double f = 1.0L; // <-
  return f > 0;
}
