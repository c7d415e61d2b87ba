// EXPECT: bug
// REPLAY: confirmed
// STUBS: stubs/sensor.c
// FLAGS: --bound 3
// The stub's readings reach 100, which this program does not expect; the native replay
// compiles the stub in.
extern int read_sensor(int *out);
extern void reach_error(void);

int main(void) {
  int v;
  if (read_sensor(&v) != 0)
    return 1;
  if (v >= 100)
    reach_error();
  return 0;
}
