// EXPECT: correct
// A procedure without a body: outputs and modified globals are havocked, ensures assumed.
var g: int;
procedure next(x: int) returns (y: int);
  modifies g;
  ensures y > x && g == old(g) + 1;
procedure {:entrypoint} main() modifies g; {
  var a, b: int;
  g := 0;
  call a := next(5);
  call b := next(a);
  assert b > 6 && g == 2;
}
