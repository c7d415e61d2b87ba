// ENTRY: main
// ASSERT_VAR: yogi_error
var yogi_error: int;

procedure fail()
  modifies yogi_error;
{
  start:
    yogi_error := 1;
    return;
}

procedure {:entrypoint} main()
  modifies yogi_error;
{
  start:
    call fail();
    goto L1, L2;
  L1:
    assume yogi_error == 1;
    assert false;
    return;
  L2:
    assume yogi_error != 1;
    return;
}
