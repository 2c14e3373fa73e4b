/* The checking macros shared by the C tests: a failed check is reported and counted, and the
 * test goes on so that one run shows every failure. */
#ifndef XQ_TEST_CHECK_H
#define XQ_TEST_CHECK_H

/* alarm() is POSIX: a test that does not ask for more gets it from here (check.h comes first). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <unistd.h>

#include "xiangqi.h"

static int failures = 0;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);  \
            failures++;                                                               \
        }                                                                             \
    } while (0)

#define CHECK_STATUS(expr, expected)                                                  \
    do {                                                                              \
        xq_status s_ = (expr);                                                        \
        if (s_ != (expected)) {                                                       \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n", __FILE__, __LINE__, \
                    #expr, (int)s_, xq_status_message((int)s_), (int)(expected));     \
            failures++;                                                               \
        }                                                                             \
    } while (0)

/* A deadline for the whole program: SIGALRM ends it after `seconds`, so a test that hangs fails
 * instead of blocking the build. Every test's main() sets one first. */
static void deadline(unsigned seconds) { alarm(seconds); }

#endif
