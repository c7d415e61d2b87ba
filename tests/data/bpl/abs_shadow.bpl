// EXPECT: correct
// A local that shadows a global: the abstraction must not touch the local.
var x: int;
var y: int;
procedure f() returns (r: int) { var x: int; x := 7; r := x; }
procedure {:entrypoint} main() modifies x, y; {
  var r: int;
  x := 1;
  call r := f();
  y := r;
  assert y == 7;
}
