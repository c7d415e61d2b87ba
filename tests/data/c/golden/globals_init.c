// globals with initializers (scalars, arrays, structs, strings), statics
struct point { int x, y; };
int counter = 5;
int table[3] = {1, 2};
struct point origin = {.y = 4};
char greeting[] = "hi";
const char *msg = "ok";
int next(void) { static int n = 10; return n++; }
int main(void) { return counter + table[1] + origin.y + greeting[1] + msg[0] + next(); }
