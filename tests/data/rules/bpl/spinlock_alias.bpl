// EXPECT: bug
// FLAGS: --rules spinlock --bound 3
// VIOLATION: spinlock: spin lock acquired twice
// AT: 17:5
// Two lock arguments that may be the same lock: nested acquisition deadlocks when they are.
type KIRQL = int;
procedure KeAcquireSpinLock(lock: int, prev: int);
procedure KeReleaseSpinLock(lock: int, irql: KIRQL);

procedure move_item(from: int, to: int)
{
  var irql: int;
  call KeAcquireSpinLock(from, irql);
  // bug: when from == to the second acquisition is of the same lock
  if (true) {
    // (an if so that the call has its own line and column)
    call KeAcquireSpinLock(to, irql);
  }
  call KeReleaseSpinLock(to, irql);
  call KeReleaseSpinLock(from, irql);
}

procedure {:entrypoint} main(a: int, b: int)
  requires a > 0 && b > 0;
{
  call move_item(a, b);
}
