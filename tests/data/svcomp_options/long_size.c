// reach_error only where long has 64 bits: FALSE with --data-model LP64, TRUE with ILP32
extern void reach_error(void);
int main(void) {
  if (sizeof(long) == 8) reach_error();
  return 0;
}
