// EXPECT: TRUE
// Three nested loops walk a 5 x 5 x 5 grid; after them every counter is 5.  The proof needs
// loop-head invariants over the inner counters (the first at line 13): the task of
// tests/test_correctness_witness.py, whose witness must carry them as C.
extern void abort(void);
void reach_error(void) { abort(); }

int main(void) {
  int row = 5;
  int col = 5;
  int lay = 5;
  for (row = 0; row < 5; ++row) {
    for (col = 0; col < 5; ++col) {
      for (lay = 0; lay < 5; ++lay) {
      }
    }
  }
  if (!(row == 5 && col == 5 && lay == 5))
    reach_error();
  return 0;
}
