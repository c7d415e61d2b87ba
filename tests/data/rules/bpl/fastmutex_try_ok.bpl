// EXPECT: correct
// FLAGS: --rules fastmutex --bound 3
// fastmutex_try.bpl fixed.
procedure ExTryToAcquireFastMutex(m: int) returns (ok: bv8);
procedure ExReleaseFastMutex(m: int);

procedure {:entrypoint} main(m: int)
  requires m != 0;
{
  var ok: bv8;
  call ok := ExTryToAcquireFastMutex(m);
  if (ok != 0bv8) {
    call ExReleaseFastMutex(m);
  }
}
