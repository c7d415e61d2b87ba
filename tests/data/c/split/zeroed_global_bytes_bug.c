// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// A large zero-initialised global (its zero fact is one quantified assumption) whose class
// is byte level (a struct read as bytes): every byte of it reads 0, and one written byte
// shows in the struct's view.  (SV-COMP's Linux driver tasks: every one went to
// whole-program byte level on such a fact.)
extern void reach_error(void);
struct rec { int key; char name[60]; };
struct rec table[16];
int main(void) {
  unsigned char *b = (unsigned char *)&table[3];
  if (b[0] != 0 || table[15].name[59] != 0)
    reach_error();           /* never: zero-initialised */
  b[0] = 2;
  if (table[3].key == 2)
    reach_error();           /* reachable */
  return 0;
}
