// WHAT: calling conventions -- __stdcall, __fastcall, __cdecl (and _stdcall) on
//   definitions, declarations and function pointers, inside a parenthesized declarator
//   as Windows headers write them, and CIL's GNU spelling
//   `NTSTATUS (__attribute__((__stdcall__)) *f)(...)`: no meaning to the verifier; the
//   planted bug is found through calls of every kind.
// EXPECT: bug
// FLAGS: --data-model ILP32 --bound 3
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
typedef long NTSTATUS;
int __stdcall add1(int x) { return x + 1; }
int __fastcall add2(int x) { return x + 2; }
int __cdecl add3(int x) { return x + 3; }
int _stdcall add4(int x) { return x + 4; }
NTSTATUS __attribute__((__stdcall__)) dispatch(int code) { return code == 7 ? -1 : 0; }
struct Table {
  int (__stdcall *op)(int);
  NTSTATUS (__attribute__((__stdcall__)) (*handler))(int code);
};
int main(void) {
  struct Table t;
  int x = __VERIFIER_nondet_int();
  t.op = add1;
  t.handler = dispatch;
  if (x < 0 || x > 10) return 0;
  int y = add4(add3(add2(t.op(x))));
  if (y != x + 10) reach_error();            /* never */
  if (t.handler(x) < 0) reach_error();        /* x == 7 */
  return 0;
}
