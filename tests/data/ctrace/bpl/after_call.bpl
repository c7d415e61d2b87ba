// A value assigned after a call, in the same block as the call.
// EXPECT: bug
// FLAGS: --bound 1 --strategy si
var g: int;
procedure f() modifies g; { g := g + 1; }
procedure {:entrypoint} main() modifies g;
{
  var x: int;
  var y: int;
  x := 1;
  call f();
  y := g + 2;
  assert y != 5;
}
