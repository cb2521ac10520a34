/* SPDX-License-Identifier: Apache-2.0 */
/* A plain main() around a harness: runs LLVMFuzzerTestOneInput on every file
 * named on the command line, descending into directories, with no fuzzing
 * engine linked.  Built with ASan and UBSan it reproduces a crash found by
 * any engine, and replays a whole corpus as a regression test. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *data = malloc(cap);
    if (data == NULL)
        abort();
    for (;;) {
        size_t n = fread(data + len, 1, cap - len, f);
        len += n;
        if (len < cap)
            break;
        cap *= 2;
        uint8_t *grown = realloc(data, cap);
        if (grown == NULL)
            abort();
        data = grown;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        fprintf(stderr, "replay: %s: read error\n", path);
        free(data);
        return 1;
    }
    /* An exact-size copy, so that ASan sees a read past the input. */
    uint8_t *exact = malloc(len > 0 ? len : 1);
    if (exact == NULL)
        abort();
    if (len > 0)
        memcpy(exact, data, len);
    free(data);
    if (getenv("REPLAY_VERBOSE") != NULL)
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    replayed++;
    return 0;
}

static int replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *d = opendir(path);
    if (d == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    int rc = 0;
    struct dirent *e;
    /* readdir's NULL means the end or an error (EOVERFLOW from a 32-bit
     * build without large-file support, for one): an error must not pass
     * as a corpus replayed in full. */
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *sub = malloc(n);
        if (sub == NULL)
            abort();
        snprintf(sub, n, "%s/%s", path, e->d_name);
        rc |= replay_path(sub);
        free(sub);
        errno = 0;
    }
    if (errno != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        rc = 1;
    }
    closedir(d);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    int rc = 0;
    for (int i = 1; i < argc; i++)
        rc |= replay_path(argv[i]);
    if (replayed == 0) {
        fprintf(stderr, "replay: no input found in the paths given\n");
        return 1;
    }
    printf("replay: %zu inputs, no mismatch\n", replayed);
    return rc;
}
