procedure main(n: int) returns (r: int)
{
  var x: int;
  var unused: int;

  anon0:
    x := 0;
    goto anon1_LoopHead;

  anon1_LoopHead:
    call x := main_loop_anon1_LoopHead(n, x);
    goto anon1_LoopDone;

  anon1_LoopDone:
    assume !(x < n);
    r := x;
    assert x >= n;
    return;
}

procedure {:extracted_loop "main", "anon1_LoopHead"} main_loop_anon1_LoopHead(n: int, in_x: int) returns (x: int)
{
  entry:
    x := in_x;
    goto anon1_LoopHead;

  anon1_LoopHead:
    goto anon1_LoopBody, anon1_LoopHead_done_1;

  anon1_LoopBody:
    assume x < n;
    x := x + 1;
    goto anon1_LoopHead_iterate;

  anon1_LoopHead_iterate:
    call x := main_loop_anon1_LoopHead(n, x);
    return;

  anon1_LoopHead_done_1:
    return;
}
