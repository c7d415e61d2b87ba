// EXPECT: correct
// The kernel headers' offsetof idiom `(unsigned int)&((T *)0)->member` in a constant
// expression (an array size in a struct, as in SV-COMP LDV tasks' spinlock_t; an
// enumerator; a case label): the member's offset, through `.` and `[i]` steps too.
extern void reach_error(void);
struct A { unsigned int a, b, c; void *p; long d; struct { short s[4]; } in; };
struct B { unsigned char pad[(unsigned int)(&((struct A *)0)->d)]; long d; };
enum { OFF_C = (unsigned long)&((struct A *)0)->c,
       OFF_S2 = (unsigned long)&((struct A *)0)->in.s[2] };
extern int __VERIFIER_nondet_int(void);
int main(void) {
  if (sizeof(((struct B *)0)->pad) != __builtin_offsetof(struct A, d)) reach_error();
  if (sizeof(struct B) != __builtin_offsetof(struct A, d) + sizeof(long)) reach_error();
  if (OFF_C != 8) reach_error();
  if (OFF_S2 != __builtin_offsetof(struct A, in) + 4) reach_error();
  switch (__VERIFIER_nondet_int()) {
  case (int)(unsigned long)&((struct A *)0)->b: return 0;    /* 4 */
  default: return 1;
  }
}
