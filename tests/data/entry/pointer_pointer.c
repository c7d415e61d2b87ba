// A pointer to a pointer: the argument's object holds NULL or the address of a fresh char
// (one char: a longer string needs a harness of the user's own).  Reading past it is an
// out-of-bounds read, found and confirmed under AddressSanitizer in both front ends.
// FLAGS: --function second_char --memory-safety --bound 1
// EXPECT: bug
// VERDICT@second_char: bug
// REPLAY@second_char: confirmed
// FRONTENDS: c llvm
char second_char(char **argv)
{
  if (argv[0] != 0 && argv[0][0] != 0)
    return argv[0][1];
  return 0;
}
int main(void) { return 0; }
