// REJECT: call to 'fork'
extern int fork(void);
int main(void) {
  if (fork() == 0) // <-
    return 1;
  return 0;
}
