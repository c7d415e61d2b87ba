// EXPECT: bug
// WITHOUT: bug
// FLAGS: --reach --entry main_SeqInstr --bound 2
// corral_seqinstr_mutex.bpl with a path that keeps the lock: the bug stays a bug.
// The shape of the SMACK/Corral ldv-bpl tasks (issue 36): Corral's instrumentation (the
// entry sets `assertsPassed := true`, calls main and ends in `assume !assertsPassed`; a
// failed check sets it false), a typestate global of a synonym type (`i32`) read into a
// local and compared through a function (`$eq.i32`), a lock taken only when the call
// returns 0 (mutex_lock_interruptible), and an unbounded environment loop.  The proof
// needs `old($M.1) == 1 && $r == 0 ==> $M.1 == 2` of the lock and the loop's
// `old($M.1) == 1 ==> $M.1 == 1`; the loop's havoc summary forgets the lock.
type i32 = int;
type i1 = int;
var $M.1: i32;            // the mutex: 1 free, 2 held
var assertsPassed: bool;

function {:inline} $eq.i32(a: i32, b: i32) : i1 { if a == b then 1 else 0 }

procedure ldv_blast_assert();
  free requires assertsPassed;
  modifies assertsPassed;
implementation ldv_blast_assert()
{
  assertsPassed := false;
}

procedure mutex_lock_interruptible() returns ($r: i32);
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation mutex_lock_interruptible() returns ($r: i32)
{
  var $i1: i32;
  var $i2: i1;
  $i1 := $M.1;
  $i2 := $eq.i32($i1, 1);
  if ($i2 != 1) {
    call ldv_blast_assert();
    return;
  }
  havoc $r;
  if ($r == 0) {
    $M.1 := 2;
  }
}

procedure mutex_unlock();
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation mutex_unlock()
{
  var $i1: i32;
  var $i2: i1;
  $i1 := $M.1;
  $i2 := $eq.i32($i1, 2);
  if ($i2 != 1) {
    call ldv_blast_assert();
    return;
  }
  $M.1 := 1;
}

procedure dev_get() returns ($r: i32);
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation dev_get() returns ($r: i32)
{
  call $r := mutex_lock_interruptible();
  if (!assertsPassed) {
    return;
  }
  if ($r != 0) {
    return;
  }
  if (*) {
    return;         // BUG: returns with the mutex held
  }
  call mutex_unlock();
}

procedure main();
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation main()
{
  var more: bool;
  var $i0: i32;
  var $i1: i1;
  var r: i32;
  $M.1 := 1;
  havoc more;
  while (more) {
    call r := dev_get();
    if (!assertsPassed) {
      return;
    }
    havoc more;
  }
  $i0 := $M.1;
  $i1 := $eq.i32($i0, 1);
  if ($i1 != 1) {
    call ldv_blast_assert();
  }
}

procedure {:entrypoint} main_SeqInstr();
  free requires assertsPassed;
  modifies $M.1, assertsPassed;
implementation main_SeqInstr()
{
  assertsPassed := true;
  call main();
  assume {:OldAssert} !assertsPassed;
}
