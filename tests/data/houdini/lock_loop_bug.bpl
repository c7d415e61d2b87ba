// EXPECT: bug
// WITHOUT: bug
// FLAGS: --bound 3
// The bug needs two requests (the second acquire fails): Houdini drops every candidate
// the bug refutes, and the bug is still found.
var locked: bool;

procedure acquire() modifies locked; {
  assert !locked;
  locked := true;
}

procedure release() modifies locked; {
  assert locked;
  locked := false;
}

procedure serve(req: int) modifies locked; {
  call acquire();
  if (req == 2) {
    return;          // forgets to release
  }
  call release();
}

procedure {:entrypoint} main() modifies locked; {
  var req: int;
  var more: bool;
  locked := false;
  havoc more;
  while (more) {
    havoc req;
    call serve(req);
    havoc more;
  }
}
