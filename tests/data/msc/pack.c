// WHAT: #pragma pack in every form gcc and MSVC write -- pack(push, n), pack(pop),
//   pack(n), pack(), pack(push, id, n) / pack(pop, id) -- and the struct layout under it
//   (member offsets, sizes, alignments, a union, a nested packed struct, an array of
//   packed structs).
// EXPECT: correct
// FLAGS: --data-model ILP32 --bound 2
// LAYOUT: struct P1: c, i, l
// LAYOUT: struct P2: c, i
// LAYOUT: struct P3: c, i
// LAYOUT: struct P4: c, l
// LAYOUT: struct P5: c, l
// LAYOUT: struct P6: a, b
// LAYOUT: struct P7: a, b
// LAYOUT: union U1: c, l
// LAYOUT: struct N1: c, in, t
#include <stddef.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#pragma pack(push, 1)
struct P1 { char c; int i; __int64 l; };
#pragma pack(push, 2)
struct P2 { char c; int i; };
#pragma pack(pop)
struct P3 { char c; int i; };
#pragma pack(pop)
#pragma pack(4)
struct P4 { char c; __int64 l; };
#pragma pack()
struct P5 { char c; __int64 l; };
#pragma pack(push, inner, 1)
struct P6 { char a; int b; };
#pragma pack(push, 4)
#pragma pack(pop, inner)
struct P7 { char a; int b; };
#pragma pack(push, 2)
union U1 { char c; __int64 l; };
struct N1 { char c; struct P1 in; short t; };
#pragma pack(pop)
struct P1 arr[3];
int main(void) {
  if (sizeof(struct P1) != 13 || offsetof(struct P1, l) != 5) reach_error();
  if (sizeof(struct P2) != 6 || offsetof(struct P2, i) != 2) reach_error();
  if (sizeof(struct P3) != 5 || _Alignof(struct P3) != 1) reach_error();
  if (sizeof(struct P4) != 12 || offsetof(struct P4, l) != 4) reach_error();
  if (sizeof(struct P5) != 16 || offsetof(struct P5, l) != 8) reach_error();
  if (sizeof(struct P6) != 5 || sizeof(struct P7) != 8) reach_error();
  if (sizeof(union U1) != 8 || _Alignof(union U1) != 2) reach_error();
  if (offsetof(struct N1, in) != 1 || offsetof(struct N1, t) != 14 || sizeof(struct N1) != 16)
    reach_error();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  arr[k].l = 7;                       /* a misaligned store: bytes 5..12 of element k */
  if ((char *)&arr[k].l - (char *)arr != 13 * k + 5 || arr[k].l != 7) reach_error();
  return 0;
}
