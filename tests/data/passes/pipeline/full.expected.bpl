var count: int;

procedure main(n: int)
  modifies count, pycorral_error;
{
  var i: int;

  anon0:
    assume n >= 0;
    count := 0;
    i := 0;
    goto anon1_LoopHead;

  anon1_LoopHead:
    call i := main_loop_anon1_LoopHead(n, i);
    goto error_return, anon1_LoopHead_ok;

  anon1_LoopHead_ok:
    assume !pycorral_error;
    goto anon1_LoopDone;

  anon1_LoopDone:
    assume !(i < n);
    return;

  error_return:
    assume pycorral_error;
    return;
}

procedure {:extracted_loop "main", "anon1_LoopHead"} main_loop_anon1_LoopHead(n: int, in_i: int) returns (i: int)
  modifies count, pycorral_error;
{
  entry:
    i := in_i;
    goto anon1_LoopHead;

  anon1_LoopHead:
    goto anon1_LoopBody, anon1_LoopHead_done_1;

  anon1_LoopBody:
    assume i < n;
    goto inline$bump$start;

  inline$bump$start:
    count := count + 1;
    goto inline$bump$return;

  inline$bump$return:
    pycorral_error := !(count <= 10);
    goto error_return, inline$bump$return_ok;

  inline$bump$return_ok:
    assume !pycorral_error;
    i := i + 1;
    goto anon1_LoopHead_iterate;

  anon1_LoopHead_iterate:
    call i := main_loop_anon1_LoopHead(n, i);
    goto error_return, anon1_LoopHead_iterate_ok;

  anon1_LoopHead_iterate_ok:
    assume !pycorral_error;
    return;

  anon1_LoopHead_done_1:
    return;

  error_return:
    assume pycorral_error;
    return;
}

var pycorral_error: bool;

procedure {:entrypoint} pycorral_main()
  modifies pycorral_error, count;
{
  var main_n: int;

  start:
    pycorral_error := false;
    havoc main_n;
    assume main_n >= 0;
    call main(main_n);
    assume pycorral_error;
    return;
}
