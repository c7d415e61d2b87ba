// EXPECT: bug
// A callee's (non-free) requires is checked at the call site.
procedure div10(d: int) returns (q: int)
  requires d != 0;
{ q := 10 div d; }
procedure {:entrypoint} main(x: int) {
  var r: int;
  call r := div10(x);
}
