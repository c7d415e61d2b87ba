// EXPECT: bug
// A spurious trace (the first assertion, over a global the first abstraction drops) and a
// real bug (the second): the loop refines, then finds the real one.
var x: int;
var y: int;
var z: int;
procedure {:entrypoint} main() modifies x, y, z; {
  var n: int;
  x := 5;
  z := x;
  assert x == 5;
  havoc {:nondet "int"} n;
  y := n;
  assert y != 3;
}
