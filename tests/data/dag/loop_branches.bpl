// EXPECT: bug
// FLAGS: --bound 4
// A loop whose body calls step from two disjoint branches: within one iteration the two
// calls share an instance, across iterations they never do (iterations run in sequence).
var g: int;
procedure step(d: int) modifies g; { g := g + d; }
procedure main() modifies g; {
  var i: int; var c: bool;
  g := 0; i := 0;
  while (i < 3) {
    havoc c;
    if (c) { call step(1); } else { call step(2); }
    i := i + 1;
  }
  assert g != 5;
}
