// EXPECT: bug
// Constant pointers made of integers (driver sentinels: (PVOID)-1, (void *)5) are values:
// stored, loaded back and compared.  (void *)-1 is the top address, above every object;
// in the int encoding a loaded pointer may be any address (was: below 2^(P-1), which made
// this error unreachable).
extern void reach_error(void);
void *slot, *small;
int main(void) {
  slot = (void *)-1;
  small = (void *)5;
  if (slot == (void *)-1 && small == (void *)5 && (long)slot == -1L &&
      (unsigned long)slot > 5UL)
    reach_error();
  return 0;
}
