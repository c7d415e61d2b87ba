// EXPECT: correct
// FLAGS: --rules spinlock --bound 3
// spinlock_alias.bpl fixed: the same lock is taken once.
type KIRQL = int;
procedure KeAcquireSpinLock(lock: int, prev: int);
procedure KeReleaseSpinLock(lock: int, irql: KIRQL);

procedure move_item(from: int, to: int)
{
  var irql: int;
  call KeAcquireSpinLock(from, irql);
  if (from != to) {
    call KeAcquireSpinLock(to, irql);
    call KeReleaseSpinLock(to, irql);
  }
  call KeReleaseSpinLock(from, irql);
}

procedure {:entrypoint} main(a: int, b: int)
  requires a > 0 && b > 0;
{
  call move_item(a, b);
}
