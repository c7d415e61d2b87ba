// REJECT: call to 'strstr' (its result may point into its arguments)
char *strstr(const char *hay, const char *needle);
int main(void) {
  char buf[4] = "abc";
  char *p = strstr(buf, "b"); // <-
  return p != 0;
}
