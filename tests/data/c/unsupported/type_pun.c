// REJECT: type-unsafe pointer cast from int* to char*
int main(void) {
  int x = 1;
  char *c = (char *)&x; // <-
  return *c;
}
