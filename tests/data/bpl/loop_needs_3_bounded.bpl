// EXPECT: bounded
// FLAGS: --bound 3
// Same program as loop_needs_3.bpl: bound 3 (three instances of the loop procedure) cannot reach the failure, and must say so
// (no bug within the bound), never "correct".
procedure {:entrypoint} main() {
  var i: int;
  i := 0;
  while (i < 3) { i := i + 1; }
  assert i != 3;
}
