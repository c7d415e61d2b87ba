var g: int;

procedure main()
  modifies g;
{
  start:
    g := 0;
    goto spin;

  spin:
    call main_loop_spin();
    assume false;
    return;
}

procedure {:extracted_loop "main", "spin"} main_loop_spin()
  modifies g;
{
  entry:
    goto spin;

  spin:
    g := g + 1;
    assert g < 5;
    goto spin_iterate;

  spin_iterate:
    call main_loop_spin();
    return;
}
