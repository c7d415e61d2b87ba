#ifndef PYCORRAL_CTYPE_H
#define PYCORRAL_CTYPE_H
/* The character classes of the "C" locale, as functions (models: pycorral_libc.c). */
int isalnum(int);
int isalpha(int);
int isblank(int);
int iscntrl(int);
int isdigit(int);
int isgraph(int);
int islower(int);
int isprint(int);
int ispunct(int);
int isspace(int);
int isupper(int);
int isxdigit(int);
int tolower(int);
int toupper(int);
#endif
