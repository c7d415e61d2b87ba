// EXPECT: bug
// old() of a global in a checked postcondition: the abstraction must treat old(g) as a read
// of g; the postcondition fails when k is 0.
var g: int;
var h: int;
procedure bump(k: int) modifies g, h;
  ensures g > old(g);
{ g := g + k; h := g; }
procedure {:entrypoint} main() modifies g, h; {
  var k: int;
  havoc k;
  assume k >= 0;
  call bump(k);
}
