// bit-fields in initializers (declared member order)
struct D { unsigned d : 5; unsigned m : 4; unsigned y; int z : 3; };
struct D g = {31, 12, 2014, -2};
int main(void) {
  struct D a = {.m = 7, .z = 1};
  struct D b = {1, 2};
  return g.d + g.m * 3 + (int)g.y + g.z * 5 + a.m * 7 + a.z * 11 + a.d + b.d * 13 + b.m + (int)b.y + b.z;
}
