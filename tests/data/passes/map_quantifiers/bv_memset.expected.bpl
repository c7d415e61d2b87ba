function {:bvbuiltin "bvslt"} $slt(a: bv64, b: bv64) : bool;

function {:bvbuiltin "bvsle"} $sle(a: bv64, b: bv64) : bool;

function {:bvbuiltin "bvult"} $ult(a: bv64, b: bv64) : bool;

function {:bvbuiltin "bvuge"} $uge(a: bv64, b: bv64) : bool;

function {:bvbuiltin "bvadd"} $add(a: bv64, b: bv64) : bv64;

procedure memset(M: [bv64]bv8, dst: bv64, val: bv8, len: bv64) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume M.ret == (lambda x: bv64 :: if $sle(dst, x) && $slt(x, $add(dst, len)) then val else M[x]);
    assume true;
    assume true;
    return;
}

procedure memset_unsigned(M: [bv64]bv8, dst: bv64, val: bv8, len: bv64) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume M.ret == (lambda x: bv64 :: if $ult(x, dst) || $uge(x, $add(dst, len)) then M[x] else val);
    assume true;
    return;
}

procedure half(M: [bv64]bv8, dst: bv64, val: bv8) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume M.ret == (lambda x: bv64 :: if $sle(dst, x) then val else M.ret[x]);
    return;
}
