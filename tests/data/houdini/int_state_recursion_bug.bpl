// EXPECT: bug
// WITHOUT: bug
// FLAGS: --bound 3
// As int_state_recursion.bpl, but the third level of recursion starts twice.
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
    if (n == 1) {
      call start();
    }
    call finish();
    call run(n - 1);
  }
}

procedure {:entrypoint} main() modifies st; {
  var n: int;
  st := 0;
  havoc n;
  call run(n);
}
