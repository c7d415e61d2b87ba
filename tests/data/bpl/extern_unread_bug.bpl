// EXPECT: bug
// The {:extern} procedures are called on the path, but nothing the assertion or a branch
// reads comes from them (g is written over after poke): a bug whatever they do.
var g: int;
procedure {:extern} poke() modifies g; {
  havoc g;
}
procedure {:extern} get() returns (r: int);
procedure nondet() returns (r: int);
procedure {:entrypoint} main() modifies g; {
  var x: int;
  var y: int;
  call poke();
  call y := get();
  g := 3;
  call x := nondet();
  if (x > 10) {
    assert g != 3;
  }
}
