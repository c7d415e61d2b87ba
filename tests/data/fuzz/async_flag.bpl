// Fuzz seed (pycorral's own): an asynchronous call that sets a flag the caller waits for.
var v: int;
var done: [int] bool;

procedure corral_atomic_begin();
procedure corral_atomic_end();

procedure worker(id: int)
modifies v, done;
{
  v := 2;
  done[id] := true;
}

procedure {:entrypoint} main()
modifies v, done;
{
  var id: int;
  v := 0;
  done[id] := false;
  async call worker(id);
  assume done[id];
  assert v == 2;
}
