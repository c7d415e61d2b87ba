// EXPECT: bug
// FLAGS: --rules linux_spinlock --bound 3
// VIOLATION: linux_spinlock: spinlock still locked at exit
// AT: 13:5
// The early return keeps the lock.
procedure spin_lock(l: int);
procedure spin_unlock(l: int);

procedure {:entrypoint} main(l: int, err: bool)
{
  call spin_lock(l);
  if (err) {
    return;
  }
  call spin_unlock(l);
  return;
}
