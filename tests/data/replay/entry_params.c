// REPLAY: not_replayable
// The error depends on main's parameters, which no nondet call fixes.
extern void reach_error(void);
int main(int argc, char **argv) {
  if (argc == 7)
    reach_error();
  return 0;
}
