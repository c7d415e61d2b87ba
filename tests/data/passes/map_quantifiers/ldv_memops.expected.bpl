type ref = int;

type i8 = int;

function {:inline} $slt.int.bool(i1: int, i2: int) : bool
{
  i1 < i2
}

function {:inline} $sle.int.bool(i1: int, i2: int) : bool
{
  i1 <= i2
}

function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool
{
  $slt.int.bool(p1, p2)
}

function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool
{
  $sle.int.bool(p1, p2)
}

function {:inline} $add.ref(p1: ref, p2: ref) : ref
{
  p1 + p2
}

function {:inline} $sub.ref(p1: ref, p2: ref) : ref
{
  p1 - p2
}

procedure $memcpy.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume M.ret == (lambda x: ref :: if $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) then M.src[$add.ref($sub.ref(src, dst), x)] else M.dst[x]);
    assume true;
    assume true;
    return;
}

procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume M.ret == (lambda y: ref :: if $sle.ref.bool(dst, y) && $slt.ref.bool(y, $add.ref(dst, len)) then val else M[y]);
    assume true;
    assume true;
    return;
}
