procedure main(x: int) returns (y: int)
{
  head:
    call y := main_loop_head(x, y);
    goto done;

  done:
    return;
}

procedure {:extracted_loop "main", "head"} main_loop_head(x: int, in_y: int) returns (y: int)
{
  entry:
    y := in_y;
    goto head;

  head:
    y := x;
    goto head_iterate, head_done_1;

  head_iterate:
    call y := main_loop_head(x, y);
    return;

  head_done_1:
    return;
}
