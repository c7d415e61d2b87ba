// EXPECT: bug
// The ensures of a procedure with a body is checked at its return.
procedure inc(x: int) returns (y: int)
  ensures y > x;
{ y := x; }
procedure {:entrypoint} main() {
  var r: int;
  call r := inc(1);
}
