// REJECT: call to 'strcasestr' (its result may point into its arguments)
char *strcasestr(const char *hay, const char *needle);
int main(void) {
  char buf[4] = "abc";
  char *p = strcasestr(buf, "b"); // <-
  return p != 0;
}
