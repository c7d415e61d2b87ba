// EXPECT: correct
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct F { unsigned a : 3; int b : 5; unsigned c : 30; char tag; _Bool flag : 1; };
int main(void) {
  struct F f = {0};
  f.a = 9;            /* 9 mod 8 == 1 */
  f.b = -3;
  f.c = 12345;
  f.tag = 'x';
  f.flag = 1;
  f.b += 1;
  if (f.a != 1 || f.b != -2 || f.c != 12345 || f.tag != 'x' || !f.flag) reach_error();
  f.b = 15;
  f.b++;              /* 16 does not fit 5 signed bits: -16 */
  if (f.b != -16) reach_error();
  return 0;
}
