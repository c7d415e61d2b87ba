// EXPECT: correct
// FLAGS: --rules linux_mutex --bound 3
// linux_mutex_nested.bpl fixed: the helper is called after the unlock.
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
  call mutex_unlock(m);
  call helper(m);
}
