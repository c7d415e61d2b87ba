procedure main()
{
  var x: int;

  start:
    x := 0;
    goto head;

  head:
    call x := main_loop_head(x);
    goto out;

  out:
    assert x != 7;
    return;
}

procedure {:extracted_loop "main", "head"} main_loop_head(in_x: int) returns (x: int)
{
  entry:
    x := in_x;
    goto head;

  head:
    goto a, b, head_done_1;

  a:
    x := x + 1;
    goto head_iterate;

  b:
    x := x + 2;
    goto head_iterate;

  head_iterate:
    call x := main_loop_head(x);
    return;

  head_done_1:
    return;
}
