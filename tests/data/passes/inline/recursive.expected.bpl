var n: int;

procedure {:inline 2} down()
  modifies n;
{
  start:
    goto stop, more;

  stop:
    assume n <= 0;
    return;

  more:
    assume n > 0;
    n := n - 1;
    goto inline$down$start;

  inline$down$start:
    goto inline$down$stop, inline$down$more;

  inline$down$stop:
    assume n <= 0;
    goto inline$down$return;

  inline$down$more:
    assume n > 0;
    n := n - 1;
    goto inline$down$start_1;

  inline$down$start_1:
    goto inline$down$stop_1, inline$down$more_1;

  inline$down$stop_1:
    assume n <= 0;
    goto inline$down$return_1;

  inline$down$more_1:
    assume n > 0;
    n := n - 1;
    call down();
    goto inline$down$return_1;

  inline$down$return_1:
    goto inline$down$return;

  inline$down$return:
    return;
}

procedure main()
  modifies n;
{
  start:
    goto inline$down$start;

  inline$down$start:
    goto inline$down$stop, inline$down$more;

  inline$down$stop:
    assume n <= 0;
    goto inline$down$return;

  inline$down$more:
    assume n > 0;
    n := n - 1;
    goto inline$down$start_1;

  inline$down$start_1:
    goto inline$down$stop_1, inline$down$more_1;

  inline$down$stop_1:
    assume n <= 0;
    goto inline$down$return_1;

  inline$down$more_1:
    assume n > 0;
    n := n - 1;
    call down();
    goto inline$down$return_1;

  inline$down$return_1:
    goto inline$down$return;

  inline$down$return:
    assert n <= 0;
    return;
}
