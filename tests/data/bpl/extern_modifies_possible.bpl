// EXPECT: possible-bug
// The {:extern} procedure (with the front ends' body: it havocs what it modifies) may
// write g; the assertion reads g after a callee passed it on.
var g: int;
procedure {:extern} poke() modifies g; {
  havoc g;
}
procedure copy(a: int) returns (b: int) {
  b := a + 1;
}
procedure {:entrypoint} main() modifies g; {
  var y: int;
  g := 0;
  call poke();
  call y := copy(g);
  assert y == 1;
}
