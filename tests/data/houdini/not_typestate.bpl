// EXPECT: bounded
// WITHOUT: bounded
// FLAGS: --bound 2
// Correct, but the needed invariant (x stays even) is not a typestate candidate: Houdini
// proves nothing useful, and the verdict stays "no bug within the bound" (never correct
// by accident, never a bug).
var x: int;

procedure step(n: int) modifies x; {
  if (n > 0) {
    x := x + 2;
    call step(n - 1);
  }
}

procedure {:entrypoint} main() modifies x; {
  var n: int;
  x := 0;
  havoc n;
  call step(n);
  assert x != 1;
}
