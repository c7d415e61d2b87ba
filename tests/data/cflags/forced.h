/* -include forced.h (tests/data/cflags/forced_include.c) */
#define CHECK_ZERO 1
