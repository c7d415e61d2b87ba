// REJECT: inline assembly
int main(void) {
  __asm__("nop"); // <-
  return 0;
}
