// EXPECT: bug
// FLAGS: --rules linux_mutex --bound 3
// VIOLATION: linux_mutex: mutex locked twice (deadlock)
// AT: 12:3
// A callee locks the mutex its caller holds.  `mutex_lock_nested(lock, subclass)` is
// listed in the rule with the key in its 1st argument.
procedure mutex_lock_nested(m: int, subclass: int);
procedure mutex_unlock(m: int);

procedure helper(m: int)
{
  call mutex_lock_nested(m, 0);
  call mutex_unlock(m);
}

procedure {:entrypoint} main(m: int)
  requires m != 0;
{
  call mutex_lock_nested(m, 0);
  call helper(m);
  call mutex_unlock(m);
}
