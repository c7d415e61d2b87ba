// EXPECT: correct
// Variable abstraction: the first abstraction (only the error flag tracked) has a spurious
// trace (x's assignment is abstracted away); refinement adds x, and the proof needs nothing
// of the other globals.
var x: int;
var y: int;
var z: int;
var w: [int]int;
procedure {:entrypoint} main() modifies x, y, z, w; {
  var i: int;
  havoc i;
  y := i * 2; z := y + 1; w[i] := z;
  x := 5;
  if (y > 10) { z := z - 1; }
  assert x == 5;
}
