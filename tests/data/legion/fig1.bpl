// The running example of the Legion paper (seed paper 001, Fig. 1; Tables 1 and 2) as
// Boogie.  main calls foo (block L1) or skips it, then calls bar (L2); reaching L3 is the
// bug (the paper's "main returns").  foo calls foo1 (L5) or foo2 (L6); bar returns at once
// when its argument is 1 (only foo can make it so), else calls bar1 (L12) or bar2 (L13),
// which never return.  The program is correct; foo1 and foo2 return 0.
//
// UnderWidenSI (Table 2) inlines, round by round, exactly the blocked sites of the unsat
// core, and each core is the only minimal one:
//   1: {bar}                     (with foo summarized and bar blocked nothing returns)
//   2: {foo, bar1, bar2}         (unblocking any one of them alone gives a path)
//   3: {foo1, foo2}
//   4: {}                        no call site left open: correct
// EXPECT: correct
procedure {:entrypoint} main()
{
  var x: int;
  L0:
    goto L1, L1s;
  L1:
    call x := foo();
    goto L2;
  L1s:
    x := 0;
    goto L2;
  L2:
    call bar(x);
    goto L3;
  L3:
    assert false;
    return;
}

procedure foo() returns (r: int)
{
  L4:
    goto L5, L6;
  L5:
    call r := foo1();
    return;
  L6:
    call r := foo2();
    return;
}

procedure foo1() returns (r: int) { r := 0; }

procedure foo2() returns (r: int) { r := 0; }

procedure bar(a: int)
{
  L11:
    goto L10, L12, L13;
  L10:
    assume a == 1;
    return;
  L12:
    assume a != 1;
    call bar1();
    return;
  L13:
    assume a != 1;
    call bar2();
    return;
}

procedure bar1() { assume false; }

procedure bar2() { assume false; }
