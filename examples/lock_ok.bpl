// The lock harness of lock.bpl with the bug fixed: every path through read_device
// releases the lock it acquired.
//
//   ./run examples/lock_ok.bpl   ->  correct

var locked: bool;

procedure acquire()
  modifies locked;
{
  assert !locked;          // double acquire
  locked := true;
}

procedure release()
  modifies locked;
{
  assert locked;           // release of a free lock
  locked := false;
}

procedure read_device(req: int) returns (status: int)
  modifies locked;
{
  call acquire();
  if (req == 2) {
    status := -1;
    call release();        // the fix: release on the error path too
    return;
  }
  status := 0;
  call release();
}

procedure {:entrypoint} main()
  modifies locked;
{
  var req1: int;
  var req2: int;
  var status: int;

  locked := false;
  havoc req1, req2;
  call status := read_device(req1);
  call status := read_device(req2);
}
