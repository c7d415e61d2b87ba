// WHAT: anonymous members -- C11's untagged struct and union members, and Microsoft's
//   anonymous member of a TAGGED struct type (`struct T;`) and of a typedef of one
//   (`TT;`), whose members are reached through the outer struct (gcc and clang take
//   them with -fms-extensions).  Nothing here is a Microsoft-only spelling, so the
//   dialect is asked for.
// EXPECT: correct
// FLAGS: --data-model ILP32 --bound 2 --ms-extensions
// LAYOUT: struct T: t1, t2
// LAYOUT: struct AN: a, t1, t2, u1, u2, s1
// LAYOUT: struct AN2: b, t1, t2
// LAYOUT: struct AN3: c, y
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct T { int t1; int t2; };
typedef struct T TT;
struct AN { char a; struct T; union { int u1; char u2; }; struct { int s1; }; };
struct AN2 { short b; TT; };
struct AN3 { char c; struct IN { int y; }; };
int main(void) {
  struct AN an;
  struct AN2 an2;
  struct AN3 an3;
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100) return 0;
  an.t1 = v;
  an.t2 = v + 1;
  an.u1 = 0x01020304;
  an.s1 = 9;
  an2.t2 = v;
  an3.y = v;
  if (sizeof(struct AN) != 20 || sizeof(struct AN2) != 12 || sizeof(struct AN3) != 8)
    reach_error();
  if (an.t1 != v || an.t2 != v + 1 || an.u2 != 4 || an.s1 != 9) reach_error();
  if (an2.t2 != v || an3.y != v) reach_error();
  return 0;
}
