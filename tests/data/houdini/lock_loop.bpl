// EXPECT: correct
// WITHOUT: bounded
// FLAGS: --bound 2
// The lock rule over an unbounded loop of requests: the loop procedure's havoc summary
// forgets the lock, Houdini's `old(locked) == false ==> locked == false && !error` does not.
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
    call release();
    return;
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
  assert !locked;
}
