var assertsPassed: bool;

procedure foo(x: int) returns (r: int)
  modifies assertsPassed;
{
  start:
    assume x > 0;
    assertsPassed := assertsPassed && x > 5;
    assume x != 3;
    r := x;
    return;
}

procedure main() returns (r: int)
  modifies assertsPassed;
{
  var i: int;

  start:
    i := 0;
    goto head;

  head:
    call r, i := main_loop_head(r, i);
    goto done;

  done:
    return;
}

procedure {:entrypoint} main_SeqInstr() returns ($r: i32)
  modifies assertsPassed;
{
  start:
    assume assertsPassed;
    assertsPassed := true;
    call $r := main();
    assume {:OldAssert} !assertsPassed;
    return;
}

type i32 = int;

procedure ext(k: int) returns (r: int);
  free requires k >= 0;
  free ensures r > k;

procedure {:extracted_loop "main", "head"} main_loop_head(in_r: int, in_i: int) returns (r: int, i: int)
  modifies assertsPassed;
{
  entry:
    r, i := in_r, in_i;
    goto head;

  head:
    goto body, head_done_1;

  body:
    call r := foo(i);
    assume r >= 0;
    call r := ext(r);
    i := i + 1;
    goto head_iterate;

  head_iterate:
    call r, i := main_loop_head(r, i);
    return;

  head_done_1:
    return;
}
