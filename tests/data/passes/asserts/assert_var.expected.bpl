var yogi_error: int;

procedure fail()
  modifies yogi_error;
{
  start:
    yogi_error := 1;
    return;
}

procedure main()
  modifies yogi_error, pycorral_error;
{
  start:
    call fail();
    goto L1, L2;

  L1:
    assume yogi_error == 1;
    pycorral_error := true;
    goto error_return, L1_ok;

  L1_ok:
    assume !pycorral_error;
    return;

  L2:
    assume yogi_error != 1;
    return;

  error_return:
    assume pycorral_error;
    return;
}

var pycorral_error: bool;

procedure {:entrypoint} pycorral_main()
  modifies pycorral_error, yogi_error;
{
  start:
    pycorral_error := false;
    call main();
    assume pycorral_error;
    return;
}
