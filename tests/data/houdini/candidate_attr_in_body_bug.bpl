// EXPECT: bug
// WITHOUT: bug
// An `assert {:candidate}` inside a body is an assertion, not a candidate: under --houdini it
// is still checked (and fails).
var x: int;

procedure set(v: int) modifies x; {
  x := v;
  assert {:candidate} x != 3;
}

procedure {:entrypoint} main() modifies x; {
  var v: int;
  havoc v;
  call set(v);
}
