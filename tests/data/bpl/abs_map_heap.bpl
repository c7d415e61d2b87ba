// EXPECT: correct
// A heap map must be tracked: the store and the load meet only through the map and the
// pointer globals.
var Mem: [int]int;
var p: int;
var q: int;
var other: [int]int;
procedure store(v: int) modifies Mem, other; { Mem[p] := v; other[v] := p; }
procedure load() returns (r: int) { r := Mem[q]; }
procedure {:entrypoint} main() modifies Mem, p, q, other; {
  var r: int;
  p := 10; q := 10;
  call store(3);
  call r := load();
  assert r == 3;
}
