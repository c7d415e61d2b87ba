// EXPECT: bug
// FLAGS: --rules fastmutex --bound 3
// VIOLATION: fastmutex: fast mutex released without being held
// AT: 15:3
// The result of the try-acquire decides the move (`if result != 0`); it is ignored here.
procedure ExTryToAcquireFastMutex(m: int) returns (ok: bv8);
procedure ExReleaseFastMutex(m: int);

procedure {:entrypoint} main(m: int)
  requires m != 0;
{
  var ok: bv8;
  call ok := ExTryToAcquireFastMutex(m);
  // bug: released whether or not it was acquired
  call ExReleaseFastMutex(m);
}
