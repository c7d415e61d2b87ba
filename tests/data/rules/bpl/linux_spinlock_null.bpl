// EXPECT: correct
// FLAGS: --rules linux_spinlock --bound 3
// A NULL key (0 of an int key) is not an object: neither checked nor counted at exit.
procedure spin_lock(l: int);
procedure spin_unlock(l: int);

procedure {:entrypoint} main()
{
  call spin_lock(0);
  call spin_lock(0);
  call spin_unlock(0);
}
