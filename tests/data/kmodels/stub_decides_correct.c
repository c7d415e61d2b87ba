// EXPECT: correct
// STUBS: stubs/sensor.c
// FLAGS: --bound 3
// read_sensor has no body here: the user's stub (a reading in 0..100) decides the verdict.
extern int read_sensor(int *out);
extern void reach_error(void);

int main(void) {
  int v;
  if (read_sensor(&v) != 0)
    return 1;
  if (v > 100)
    reach_error();
  return 0;
}
