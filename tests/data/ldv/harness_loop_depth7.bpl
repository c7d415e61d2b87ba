// Reduced from ldv-bpl usb_8dev (linux-3.12-rc1 144_2a): the LDV harness loop of `main`,
// already extracted by Corral into the recursive procedure main_loop_$bb1 (each instance
// runs one iteration or exits; main runs the last iteration itself).  The urb leak is in
// usb_8dev_start_xmit; the shortest path to ldv_check_final_state's error is
//   driver_init, ndo_init, ndo_open, start_xmit (leaks), ndo_close, ndo_uninit
// in six main_loop_$bb1 instances, a seventh instance taking the exit, and module exit in
// main's own last iteration: 7 instances, so recursion bound 7 (Corral's count: a call
// site is blocked when the callee's instances on its path, itself included, exceed it).
var assertsPassed: bool;
var mod_state: int;   // $M.16: 1 = not loaded, 3 = loaded
var ops_state: int;   // $M.17: 0, 1 = registered, 2 = initialised, 3 = opened
var refcnt: int;      // $M.15
var urb: int;         // $M.1: the one urb the LDV model tracks (0 = none)

procedure step(c: int);
  free requires assertsPassed;
  modifies mod_state, ops_state, refcnt, urb;

implementation step(c: int)
{
  if (c == 0 && mod_state == 1) { mod_state := 3; ops_state := 1; }
  else if (c == 1 && ops_state == 1) { ops_state := 2; refcnt := refcnt + 1; }
  else if (c == 2 && ops_state == 2) { ops_state := 3; }
  else if (c == 3 && ops_state == 3) { if (*) { urb := 1; } }
  else if (c == 4 && ops_state == 3) { ops_state := 2; }
  else if (c == 5 && ops_state == 2) { ops_state := 1; refcnt := refcnt - 1; }
}

procedure ldv_check_final_state();
  free requires assertsPassed;
  modifies assertsPassed;

implementation ldv_check_final_state()
{
  if (urb != 0) { assertsPassed := false; }
}

procedure main_loop_$bb1();
  free requires assertsPassed;
  modifies mod_state, ops_state, refcnt, urb;

implementation main_loop_$bb1()
{
  var c: int;
  entry:
    goto body, exit;
  body:
    havoc c;
    call step(c);
    call main_loop_$bb1();
    return;
  exit:
    return;
}

procedure main();
  free requires assertsPassed;
  modifies assertsPassed, mod_state, ops_state, refcnt, urb;

implementation main()
{
  mod_state := 1; ops_state := 0; refcnt := 0; urb := 0;
  call main_loop_$bb1();
  assume mod_state == 3 && refcnt == 0;   // module exit is allowed
  call ldv_check_final_state();
}

procedure {:entrypoint} main_SeqInstr();
  modifies assertsPassed, mod_state, ops_state, refcnt, urb;

implementation main_SeqInstr()
{
  assertsPassed := true;
  call main();
  assume !assertsPassed;
}
