// EXPECT: bug
var g: int;
procedure {:entrypoint} main() modifies g; {
  g := 1;
  assert |{ A: return g == 0; }|;
}
