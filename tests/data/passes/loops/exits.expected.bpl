var g: int;

procedure main(a: [int]int, n: int) returns (i: int)
  modifies g;
{
  var exit_head: int;

  start:
    i := 0;
    goto head;

  head:
    call i, exit_head := main_loop_head(a, n, i, old(g));
    goto head_exit_1, head_exit_2, head_exit_3;

  head_exit_1:
    assume exit_head == 1;
    goto notfound;

  head_exit_2:
    assume exit_head == 2;
    goto hit;

  head_exit_3:
    assume exit_head == 3;
    goto bail;

  hit:
    assume a[i] == 0;
    goto found;

  bail:
    assume a[i] < 0;
    return;

  notfound:
    assume i >= n;
    i := -1;
    return;

  found:
    assert a[i] == 0;
    return;
}

procedure {:extracted_loop "main", "head"} main_loop_head(a: [int]int, n: int, in_i: int, old_g: int) returns (i: int, exit: int)
  modifies g;
{
  entry:
    i := in_i;
    goto head;

  head:
    goto body, head_done_1;

  body:
    assume i < n;
    goto head_done_2, miss, head_done_3;

  miss:
    assume a[i] != 0;
    i := i + 1;
    g := old_g + i;
    goto head_iterate;

  head_iterate:
    call i, exit := main_loop_head(a, n, i, old_g);
    return;

  head_done_1:
    exit := 1;
    return;

  head_done_2:
    exit := 2;
    return;

  head_done_3:
    exit := 3;
    return;
}
