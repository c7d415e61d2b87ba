// REPLAY: not_replayable
// EXPECT: possible-bug
// The error depends on the result of an external function without a body: a possible
// bug, and its replay (a stub returning the trace's result) confirms nothing.
extern int sensor_read(int channel);
extern void reach_error(void);
int main(void) {
  if (sensor_read(3) == 1234)
    reach_error();
  return 0;
}
