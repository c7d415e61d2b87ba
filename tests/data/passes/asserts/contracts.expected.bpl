var g: int;

procedure check(x: int) returns (r: int)
  modifies g, pycorral_error;
{
  start:
    assume {:sourceloc "a.c", 3, 1} x > 0;
    assume g > 0;
    g := g + 1;
    r := x;
    pycorral_error := {:sourceloc "a.c", 5, 3} !(r > 0);
    goto error_return, start_ok;

  start_ok:
    assume !pycorral_error;
    pycorral_error := !(r == x);
    goto error_return, start_ok_1;

  start_ok_1:
    assume !pycorral_error;
    assume g >= old(g);
    return;

  error_return:
    assume pycorral_error;
    return;
}

procedure ext(y: int) returns (z: int);
  free requires y != 0;
  free ensures z > y;

procedure quiet(y: int) returns (z: int)
{
  start:
    z := y;
    return;
}

procedure main(n: int) returns (res: int)
  modifies g, pycorral_error;
{
  start:
    assume n > 1;
    assume g == 1;
    pycorral_error := {:sourceloc "a.c", 3, 1} !(n > 0);
    goto error_return, start_ok;

  start_ok:
    assume !pycorral_error;
    call res := check(n);
    goto error_return, start_ok_1;

  start_ok_1:
    assume !pycorral_error;
    pycorral_error := !(res != 0);
    goto error_return, start_ok_2;

  start_ok_2:
    assume !pycorral_error;
    call res := ext(res);
    call res := quiet(res);
    pycorral_error := true;
    goto error_return, start_ok_3;

  start_ok_3:
    assume !pycorral_error;
    return;

  error_return:
    assume pycorral_error;
    return;
}

var pycorral_error: bool;

procedure {:entrypoint} pycorral_main()
  modifies pycorral_error, g;
{
  var main_n: int;
  var main_res: int;

  start:
    pycorral_error := false;
    havoc main_n;
    assume main_n > 1;
    assume g == 1;
    call main_res := main(main_n);
    assume pycorral_error;
    return;
}
