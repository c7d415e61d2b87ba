// EXPECT: bug
// FLAGS: --reach --entry main_SeqInstr --max-bound 4
// Corral's instrumentation (issue 36, the ldv-bpl shape): the environment loop's second
// iteration takes the mutex the first one kept -- a bug at bound 2, none at bound 1.
// `$M.9` is a global the bug does not need (the variable abstraction drops it; `$M.1`
// is tracked after one refinement).  tests/test_deepen_carry.py: the deepening's bounds
// share the preparation, Houdini and the tracked globals.
type i32 = int;
var $M.1: i32;            // the mutex: 1 free, 2 held
var $M.9: i32;            // a counter nobody checks
var assertsPassed: bool;

procedure ldv_blast_assert();
  free requires assertsPassed;
  modifies assertsPassed;
implementation ldv_blast_assert()
{
  assertsPassed := false;
}

procedure mutex_lock() returns ($r: i32);
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation mutex_lock() returns ($r: i32)
{
  if ($M.1 != 1) {
    call ldv_blast_assert();
    return;
  }
  $M.1 := 2;
}

procedure mutex_unlock();
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation mutex_unlock()
{
  if ($M.1 != 2) {
    call ldv_blast_assert();
    return;
  }
  $M.1 := 1;
}

procedure dev_get() returns ($r: i32);
  free requires assertsPassed;
  modifies $M.1, $M.9, assertsPassed;
implementation dev_get() returns ($r: i32)
{
  $M.9 := $M.9 + 1;
  call $r := mutex_lock();
  if (!assertsPassed) {
    return;
  }
  if (*) {
    return;         // BUG: returns with the mutex held
  }
  call mutex_unlock();
}

procedure main();
  free requires assertsPassed;
  modifies $M.1, $M.9, assertsPassed;
implementation main()
{
  var more: bool;
  var r: i32;
  $M.1 := 1;
  $M.9 := 0;
  havoc more;
  while (more) {
    call r := dev_get();
    if (!assertsPassed) {
      return;
    }
    havoc more;
  }
}

procedure {:entrypoint} main_SeqInstr();
  free requires assertsPassed;
  modifies $M.1, $M.9, assertsPassed;
implementation main_SeqInstr()
{
  assertsPassed := true;
  call main();
  assume {:OldAssert} !assertsPassed;
}
