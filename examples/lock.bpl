// A driver-style lock harness (the kind of rule SDV checks on Windows drivers):
// acquiring a lock that is already held is a bug, and so is releasing a free one.
//
//   ./run examples/lock.bpl      ->  bug found
//
// The bug: read_device returns early on an error request (req == 2) without releasing
// the lock, so the second request acquires it again.

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
    status := -1;          // error path: forgets to release
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
  havoc req1, req2;        // the requests come from the environment
  call status := read_device(req1);
  call status := read_device(req2);
}
