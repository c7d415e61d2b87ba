// EXPECT: bug
int g;
void log_msg(const char *fmt, ...) { g++; }
extern void reach_error(void);
int main(void) {
  log_msg("a %d %d", 1, 2);
  log_msg("b");
  if (g == 2) reach_error();
  return 0;
}
