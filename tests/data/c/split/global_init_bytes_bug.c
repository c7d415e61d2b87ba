// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// A global of a byte-level class with an initialiser: its bytes are the initial value's.
extern void reach_error(void);
union W { unsigned int whole; unsigned char b[4]; };
union W g = { 0x0A0B0C0Du };
int counter = 2;
int main(void) {
  if (g.b[1] == 0x0C && counter == 2) reach_error();
  return 0;
}
