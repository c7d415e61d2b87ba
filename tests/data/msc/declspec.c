// WHAT: __declspec(...) -- align(n) on a struct type (after `struct`), on a member and on a
//   variable changes the layout; dllimport, dllexport, noreturn, selectany, naked,
//   thread, noinline, nothrow, novtable, deprecated, deprecated("msg"), allocate("seg"),
//   code_seg("seg"), uuid("...") mean their GNU attribute or nothing.
// EXPECT: correct
// FLAGS: --data-model ILP32 --bound 2
// LAYOUT: struct A16: x
// LAYOUT: struct M: c, y, z
// LAYOUT: struct W: a, b
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct __declspec(align(16)) A16 { int x; };
struct M { char c; __declspec(align(8)) int y; char z; };
struct W { char a; struct A16 b; };
__declspec(dllimport) extern int imported;
__declspec(dllexport) int exported = 3;
__declspec(selectany) int chosen = 4;
__declspec(thread) int per_thread = 5;
__declspec(align(32)) int aligned_var = 6;
__declspec(allocate("PAGE")) int placed = 7;
__declspec(noreturn) void stop(void);
__declspec(noinline) __declspec(nothrow) int twice(int v) { return 2 * v; }
__declspec(deprecated) int old1(void) { return 1; }
__declspec(deprecated("use new2")) int old2(void) { return 2; }
__declspec(code_seg("PAGE")) __declspec(naked) int paged(void) { return 8; }
struct __declspec(novtable) __declspec(uuid("12345678-0000-0000-0000-000000000000")) I {
  int v; };
int main(void) {
  struct M m;
  if (sizeof(struct A16) != 16 || _Alignof(struct A16) != 16) reach_error();
  if (sizeof(struct M) != 16 || (char *)&m.y - (char *)&m != 8) reach_error();
  if (sizeof(struct W) != 32) reach_error();
  if (((unsigned long)&aligned_var & 31) != 0) reach_error();
  int n = __VERIFIER_nondet_int();
  if (n > 100 || n < -100) return 0;
  if (twice(n) != n + n || exported + chosen + per_thread + placed != 19) reach_error();
  if (old1() + old2() + paged() != 11) reach_error();
  return 0;
}
