// bench: a task with a bug (verdict bug = SV-COMP FALSE): the lock is taken twice.
var locked: bool;
procedure acquire() modifies locked; {
  assert !locked;
  locked := true;
}
procedure {:entrypoint} main() modifies locked; {
  locked := false;
  call acquire();
  call acquire();
}
