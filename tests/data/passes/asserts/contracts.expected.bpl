var g: int;

procedure check(x: int) returns (r: int)
  free requires {:sourceloc "a.c", 3, 1} x > 0;
  free requires g > 0;
  modifies g, pycorral_error;
  free ensures r == x;
  free ensures g >= old(g);
{
  start:
    g := g + 1;
    r := x;
    pycorral_error := !(r > 0);
    goto error_return, start_ok;

  start_ok:
    assume !pycorral_error;
    pycorral_error := !(r == x);
    goto error_return, start_ok_1;

  start_ok_1:
    assume !pycorral_error;
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
  free requires n > 1;
  free requires g == 1;
  modifies g, pycorral_error;
{
  start:
    pycorral_error := !(n > 0);
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
