"""The file models (frontend/include/pycorral_stdio.c: fgets, fopen, fclose) against glibc:
the model file is compiled natively (its functions renamed `model_*`) next to a driver that
reads real files with glibc's fgets and asks the model for the same outcome.

The models are nondeterministic (`__VERIFIER_nondet_*`), so "the same outcome" means: glibc's
result is one of the model's.  For each call of glibc's fgets(s, n, f) the driver derives the
model's choices that should give it (NULL: the first choice; a line: its bytes, then "stop
here" after its last byte when that byte is not a newline) and runs model_fgets(s, n, NULL)
with those choices: the return value (NULL or s) and the bytes up to and including the NUL
must be glibc's, and every choice must be consumed.  Files: empty, lines with and without a
final newline, a line longer than n - 1 bytes, embedded NULs, bytes >= 0x80; n from 1 to 6.
fopen of an existing and of a missing file: glibc's FILE or NULL, both in the model's range
(model_fopen's two outcomes); fclose: 0, in the model's range {0, EOF}.  fgetc and fread
(element sizes 1-3, 1 and 4 elements a call) over the same files, replayed the same way:
the count, the bytes stored (a partial element at the end of a file included).
A model narrower than glibc (a line it cannot give) fails here with the file and n."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODEL = ROOT / "frontend" / "include" / "pycorral_stdio.c"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

FILES = [b"", b"\n", b"a", b"ab\ncd\n", b"abcdefgh\nx", b"a\0b\nc\0", b"\x80\xff\n\n\n",
         b"[sec]\nname=value\n", b"long line without newline"]

DRIVER = r"""
#include <stdio.h>
#include <string.h>
struct __pycorral_FILE;
char *model_fgets(char *s, int n, struct __pycorral_FILE *stream);
struct __pycorral_FILE *model_fopen(const char *path, const char *mode);
int model_fclose(struct __pycorral_FILE *stream);
int model_fgetc(struct __pycorral_FILE *stream);
size_t model_fread(void *p, size_t size, size_t nmemb, struct __pycorral_FILE *stream);
size_t model_fwrite(const void *p, size_t size, size_t nmemb, struct __pycorral_FILE *stream);

static int choices[64], nchoices, used;
char __VERIFIER_nondet_char(void) { return used < nchoices ? (char)choices[used++] : (used++, 0); }
int __VERIFIER_nondet_int(void) { return used < nchoices ? choices[used++] : (used++, 0); }
unsigned int __VERIFIER_nondet_uint(void) { return used < nchoices ? (unsigned)choices[used++] : (used++, 0u); }
void __VERIFIER_assume(int c) { if (!c) printf("DIFF an assumption of the model fails\n"); }
static int bad = 0;
static void fail(const char *file, int n, const char *what) {
  if (bad++ < 20) printf("DIFF %s n=%d: %s\n", file, n, what);
}

/* glibc's fgets over the whole file, each result replayed through the model */
static void check_file(const char *path, int n) {
  FILE *f = fopen(path, "r");
  char lib[16], mod[16];
  int calls = 0;
  long last = 0;
  if (!f) { fail(path, n, "cannot open"); return; }
  for (;;) {
    char *r, *m;
    int len = 0, i;
    memset(lib, 'Z', sizeof lib);
    memset(mod, 'Y', sizeof mod);
    r = fgets(lib, n, f);
    nchoices = used = 0;
    if (r == NULL) {
      choices[nchoices++] = 1;                  /* the model's NULL */
    } else {
      /* the bytes glibc stored before its NUL: what it consumed (the file position
         moves by that much; a line may hold NULs) */
      long pos = ftell(f);
      len = (int)(pos - last);
      last = pos;
      choices[nchoices++] = 0;                  /* not NULL */
      for (i = 0; i < len; i++) {
        choices[nchoices++] = (unsigned char)lib[i];
        if (lib[i] != '\n')                    /* the model asks "stop here?" */
          choices[nchoices++] = (i == len - 1);
      }
    }
    m = model_fgets(mod, n, NULL);
    if ((r == NULL) != (m == NULL)) fail(path, n, r ? "model gave NULL, glibc a line" : "model gave a line, glibc NULL");
    else if (r != NULL && (m != mod || memcmp(mod, lib, (size_t)len + 1) != 0)) fail(path, n, "a different line");
    if (used != nchoices) fail(path, n, "the model did not take glibc's line as its choices");
    calls++;
    if (r == NULL || calls > 40) break;
  }
  fclose(f);
}

/* glibc's fgetc and fread over the whole file, each result replayed through the model */
static void check_reads(const char *path, int size, int nmemb) {
  FILE *f = fopen(path, "r");
  long last = 0;
  int calls;
  if (!f) { fail(path, size, "cannot open"); return; }
  for (calls = 0; calls < 40; calls++) {
    int c = fgetc(f), m;
    nchoices = used = 0;
    if (c == EOF) choices[nchoices++] = 1;
    else { choices[nchoices++] = 0; choices[nchoices++] = (char)c; }
    m = model_fgetc(NULL);
    if (m != c || used != nchoices) fail(path, size, "fgetc");
    if (c == EOF) break;
  }
  rewind(f);
  last = 0;
  for (calls = 0; calls < 40; calls++) {
    unsigned char lib[32], mod[32];
    size_t r, q;
    long pos;
    int i;
    memset(lib, 'Z', sizeof lib);
    memset(mod, 'Z', sizeof mod);
    r = fread(lib, (size_t)size, (size_t)nmemb, f);
    pos = ftell(f);
    nchoices = used = 0;
    choices[nchoices++] = (int)r;
    choices[nchoices++] = (int)(pos - last);    /* the bytes glibc stored */
    for (i = 0; i < pos - last; i++) choices[nchoices++] = (char)lib[i];
    last = pos;
    q = model_fread(mod, (size_t)size, (size_t)nmemb, NULL);
    if (q != r || memcmp(lib, mod, sizeof lib) != 0 || used != nchoices) fail(path, size, "fread");
    if (r < (size_t)nmemb) break;
  }
  nchoices = used = 0;
  choices[nchoices++] = nmemb;
  if (model_fwrite("abcdef", (size_t)size, (size_t)nmemb, NULL) != (size_t)nmemb) fail(path, size, "fwrite");
  fclose(f);
}

int main(int argc, char **argv) {
  int k, n;
  for (k = 1; k < argc; k++)
    for (n = 1; n <= 6; n++)
      check_file(argv[k], n);
  for (k = 1; k < argc; k++)
    for (n = 1; n <= 3; n++) {
      check_reads(argv[k], n, 1);
      check_reads(argv[k], n, 4);
    }
  /* fopen: glibc's NULL for a missing file is the model's first outcome, a FILE the second */
  {
    FILE *f = fopen(argv[1], "r");
    nchoices = 1; used = 0; choices[0] = 0;
    if (!f || model_fopen(argv[1], "r") == NULL) fail(argv[1], 0, "fopen of an existing file");
    nchoices = 1; used = 0; choices[0] = 1;
    if (fopen("/nonexistent/pycorral", "r") != NULL || model_fopen("x", "r") != NULL)
      fail("/nonexistent/pycorral", 0, "fopen of a missing file");
    nchoices = 1; used = 0; choices[0] = 0;
    if (fclose(f) != model_fclose(NULL)) fail(argv[1], 0, "fclose");
  }
  printf("checked %d files, %d differences\n", argc - 1, bad);
  return bad != 0;
}
"""


def _run(tmp_path, model_text: str):
    model = tmp_path / "model.c"
    model.write_text(model_text)
    driver = tmp_path / "driver.c"
    driver.write_text(DRIVER)
    exe = tmp_path / "driver"
    renames = [f"-D{n}=model_{n}" for n in ("fgets", "fopen", "fclose", "fgetc", "getc",
                                             "getchar", "fread", "fwrite", "feof", "ferror")]
    subprocess.run(["gcc", "-O0", "-w", *renames, "-c", str(model), "-o", str(tmp_path / "model.o")],
                   check=True)
    subprocess.run(["gcc", "-O0", "-w", str(driver), str(tmp_path / "model.o"), "-o", str(exe)],
                   check=True)
    files = []
    for i, data in enumerate(FILES):
        p = tmp_path / f"f{i}.ini"
        p.write_bytes(data)
        files.append(str(p))
    return subprocess.run([str(exe), *files], capture_output=True, text=True)


def test_stdio_models_cover_glibc(tmp_path):
    p = _run(tmp_path, MODEL.read_text())
    assert p.returncode == 0, p.stdout + p.stderr
    assert "0 differences" in p.stdout


def test_a_narrower_fgets_model_fails(tmp_path):
    # a model that stops only at a newline (never at n - 1 bytes without one) cannot give
    # glibc's partial lines: the comparison must see it
    text = MODEL.read_text().replace("if (c == '\\n' || __VERIFIER_nondet_int())",
                                     "if (c == '\\n')")
    assert text != MODEL.read_text()
    p = _run(tmp_path, text)
    assert p.returncode != 0 and "DIFF" in p.stdout
