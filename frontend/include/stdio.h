#ifndef PYCORRAL_STDIO_H
#define PYCORRAL_STDIO_H
#define __pycorral_need_size_t
#include "pycorral_builtins.h"
typedef struct __pycorral_FILE FILE;
extern FILE *stdin, *stdout, *stderr;
int printf(const char *, ...);
int fprintf(FILE *, const char *, ...);
int puts(const char *);
int putchar(int);
int getchar(void);
/* files: declared only (functions without a body: any result, may write what they reach) */
FILE *fopen(const char *, const char *);
int fclose(FILE *);
char *fgets(char *, int, FILE *);
int fgetc(FILE *);
int getc(FILE *);
int fputs(const char *, FILE *);
int fputc(int, FILE *);
size_t fread(void *, size_t, size_t, FILE *);
size_t fwrite(const void *, size_t, size_t, FILE *);
int fflush(FILE *);
#define EOF (-1)
#endif
