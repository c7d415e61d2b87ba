// REJECT: asm goto
int main(void) {
  int x = 0;
  asm goto("" : : : : out); // <-
  x = 1;
out:
  return x;
}
