// EXPECT: correct
// WITHOUT: bounded
// FLAGS: --bound 2 --candidates user_candidates.cand
// not_typestate.bpl with the invariant given in a candidates file (x mod 2 == 0 is kept;
// the false candidates of the file are dropped).
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
