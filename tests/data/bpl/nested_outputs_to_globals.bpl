// EXPECT: correct
var g, h: int;
procedure inner(a: int) returns (b: int) { b := a + 1; }
procedure middle(a: int) returns (b: int) modifies h; { call b := inner(a); call h := inner(b); }
procedure {:entrypoint} main() modifies g, h; {
  call g := middle(1);
  assert g == 2 && h == 3;
}
