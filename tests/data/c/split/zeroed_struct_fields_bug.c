// EXPECT: bug
// FLAGS: --bound 2 --encoding bv
// A zeroed global array of structs whose class is byte level: its zero fact, one per
// field map in the typed translation, is said once on the bytes (SV-COMP's pcc-cpufreq
// task had 1,318 copies of one fact, and the preparation of the program never ended).
extern void reach_error(void);
struct rec { int key; short a; long b; char name[60]; struct { int x, y; } p; };
struct rec table[16];
int main(void) {
  unsigned char *b = (unsigned char *)&table[3];
  if (table[9].p.y != 0 || table[2].b != 0)
    reach_error();           /* never: zero-initialised */
  b[0] = 2;
  if (table[3].key == 2)
    reach_error();           /* reachable */
  return 0;
}
