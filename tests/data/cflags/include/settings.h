/* found only with -I include (tests/data/cflags/include_dir.c) */
#define THRESHOLD 7
