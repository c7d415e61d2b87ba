var total: int;

procedure step(k: int);
  modifies total;

procedure main()
  modifies total;
{
  var i: int;
  var j: int;

  anon0:
    i := 0;
    goto anon1_LoopHead;

  anon1_LoopHead:
    call i, j := main_loop_anon1_LoopHead(i, j);
    goto anon1_LoopDone;

  anon1_LoopDone:
    assume !(i < 3);
    assert total >= 0;
    return;
}

procedure {:extracted_loop "main", "anon2_LoopHead"} main_loop_anon2_LoopHead(i: int, in_j: int) returns (j: int)
  modifies total;
{
  entry:
    j := in_j;
    goto anon2_LoopHead;

  anon2_LoopHead:
    goto anon2_LoopBody, anon2_LoopHead_done_1;

  anon2_LoopBody:
    assume j < i;
    call step(j);
    j := j + 1;
    goto anon2_LoopHead_iterate;

  anon2_LoopHead_iterate:
    call j := main_loop_anon2_LoopHead(i, j);
    return;

  anon2_LoopHead_done_1:
    return;
}

procedure {:extracted_loop "main", "anon1_LoopHead"} main_loop_anon1_LoopHead(in_i: int, in_j: int) returns (i: int, j: int)
  modifies total;
{
  entry:
    i, j := in_i, in_j;
    goto anon1_LoopHead;

  anon1_LoopHead:
    goto anon1_LoopBody, anon1_LoopHead_done_1;

  anon1_LoopBody:
    assume i < 3;
    j := 0;
    goto anon2_LoopHead;

  anon2_LoopHead:
    call j := main_loop_anon2_LoopHead(i, j);
    goto anon2_LoopDone;

  anon2_LoopDone:
    assume !(j < i);
    i := i + 1;
    goto anon1_LoopHead_iterate;

  anon1_LoopHead_iterate:
    call i, j := main_loop_anon1_LoopHead(i, j);
    return;

  anon1_LoopHead_done_1:
    return;
}
