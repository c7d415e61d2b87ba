// _Bool, enums, logical operators, conditional expressions
enum color { RED, GREEN = 5, BLUE };
int main(void) {
  _Bool b = 7;
  enum color c = BLUE;
  int x = (b && c == 6) || !b;
  int y = c > GREEN ? 1 : 2;
  return x + y + sizeof(enum color);
}
