// EXPECT: correct
// WITHOUT: bounded
// FLAGS: --bound 2
// An int typestate (0 idle, 1 busy, 2 done) through unbounded recursion: `run` is only
// proved by assuming its own summary at the recursive call (old(st) == 0 ==> st == 0).
var st: int;

procedure start() modifies st; {
  assert st == 0;
  st := 1;
}

procedure finish() modifies st; {
  assert st == 1;
  st := 0;
}

procedure run(n: int) modifies st; {
  if (n > 0) {
    call start();
    call finish();
    call run(n - 1);
  }
}

procedure {:entrypoint} main() modifies st; {
  var n: int;
  st := 0;
  havoc n;
  call run(n);
  assert st == 0;
  st := 2;
  assert st == 2;
}
