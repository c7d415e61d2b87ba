var x: int;

procedure main()
  modifies x;
{
  var entry_sel: int;

  start:
    goto start_to_L1, start_to_L2;

  dispatch:
    call entry_sel := main_loop_dispatch(entry_sel);
    goto L3;

  L3:
    return;

  start_to_L1:
    entry_sel := 1;
    goto dispatch;

  start_to_L2:
    entry_sel := 2;
    goto dispatch;
}

procedure {:extracted_loop "main", "dispatch"} main_loop_dispatch(in_entry_sel: int) returns (entry_sel: int)
  modifies x;
{
  entry:
    entry_sel := in_entry_sel;
    goto dispatch;

  L1:
    assume x == 0;
    goto dispatch_done_1, L4;

  dispatch:
    goto dispatch_L1, dispatch_L2;

  dispatch_L1:
    assume entry_sel == 1;
    goto L1;

  dispatch_L2:
    assume entry_sel == 2;
    goto L2;

  L2:
    assume x != 0;
    goto dispatch_done_1, L4;

  L4:
    x := 1;
    goto L4_to_L1, L4_to_L2;

  L4_to_L1:
    entry_sel := 1;
    goto dispatch_iterate;

  L4_to_L2:
    entry_sel := 2;
    goto dispatch_iterate;

  dispatch_iterate:
    call entry_sel := main_loop_dispatch(entry_sel);
    return;

  dispatch_done_1:
    return;
}
