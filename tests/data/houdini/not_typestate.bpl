// EXPECT: correct
// WITHOUT: bounded
// FLAGS: --bound 2
// Correct; the invariant "x stays even" is no typestate candidate, but the shape candidate
// `x >= old(x)` of the recursive step is proved: with step inlined to bound 2 (x is 0, 2
// or at least 4 after it) and that summary at the open call site, the program is proved
// for every bound (without Houdini: no bug within the bound, never a bug).
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
