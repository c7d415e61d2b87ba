// EXPECT: correct
var g: int;
procedure bump() modifies g; ensures g == old(g) + 1; { g := g + 1; }
procedure {:entrypoint} main() modifies g; {
  var s: int;
  s := g;
  call bump();
  assert g == s + 1;
}
