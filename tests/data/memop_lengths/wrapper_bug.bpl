// EXPECT: bug
// FLAGS: --bound 2
// ldv_memset called with literal lengths; bug: p+5 is beyond the memset of p..p+3.
type ref = int;
type i8 = int;
type i32 = int;
type i64 = int;
var $M.0: [ref]i8;
var $M.1: [ref]i8;
function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool { p1 < p2 }
function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool { p1 <= p2 }
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
function {:inline} $mul.i64(i1: i64, i2: i64) : i64 { i1 * i2 }
function {:inline} $zext.i32.i64(i: i32) : i64 { i }
function {:inline} $trunc.i32.i8(i: i32) : i8 { i }
procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8);
implementation $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == val);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M[x]);
    return;
}
// SMACK's ldv_memset: the length is a parameter
procedure ldv_memset($p0: ref, $i1: i32, $i2: i64) returns ($r: ref);
  modifies $M.0;
implementation ldv_memset($p0: ref, $i1: i32, $i2: i64) returns ($r: ref)
{
  var $i3: i8;
  var t0: [ref]i8;
  var t1: [ref]i8;
  $bb0:
    $i3 := $trunc.i32.i8($i1);
    t0 := $M.0;
    call t1 := $memset.i8(t0, $p0, $i3, $i2, $zext.i32.i64(1), 0 == 1);
    $M.0 := t1;
    $r := $p0;
    return;
}
// SMACK's calloc: the length is a product computed in the body, and the wrapper
// ldv_zalloc passes its own parameter on
procedure calloc($i0: i64, $i1: i64) returns ($r: ref);
  modifies $M.0;
implementation calloc($i0: i64, $i1: i64) returns ($r: ref)
{
  var $i2: i32;
  var $p6: ref;
  var $i7: i64;
  var t0: [ref]i8;
  var t1: [ref]i8;
  $bb0:
    havoc $i2;
    goto $bb1, $bb2;
  $bb1:
    assume $i2 == 0;
    $r := 0;
    return;
  $bb2:
    assume $i2 != 0;
    havoc $p6;
    assume $p6 > 0;
    $i7 := $mul.i64($i0, $i1);
    t0 := $M.0;
    call t1 := $memset.i8(t0, $p6, 0, $i7, $zext.i32.i64(1), 0 == 1);
    $M.0 := t1;
    $r := $p6;
    return;
}
procedure ldv_zalloc($i0: i64) returns ($r: ref);
  modifies $M.0;
implementation ldv_zalloc($i0: i64) returns ($r: ref)
{
  $bb0:
    call $r := calloc(1, $i0);
    return;
}
procedure other(p: ref);
  modifies $M.1;
implementation other(p: ref) { anon0: $M.1[p] := $M.1[p] + 1; return; }

procedure main();
  modifies $M.0, $M.1;
implementation main()
{
  var p: ref; var q: ref; var r: ref;
  anon0:
    assume p > 0; assume q > p + 16;
    call r := ldv_memset(p, 0, 4);
    call other(p);
    call r := ldv_memset(q, 1, 8);
    assert $M.0[p + 1] == 0 && $M.0[q + 2] == 1;
    assert $M.0[p + 5] == 0;
    return;
}
