// EXPECT: bug
// A variable assigned on one branch only and read after the join.
procedure {:entrypoint} main(c: bool) {
  var x: int;
  x := 0;
  if (c) { x := 1; }
  assert x == 0;
}
