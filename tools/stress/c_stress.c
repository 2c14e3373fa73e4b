/* Random concurrent calls on the C API from several threads, as the header allows, for a while:
 * searches on a shared engine (serialised inside), stops from any thread, new games, engines
 * made and freed per thread, a shared game read (const calls only) by every thread, each
 * thread's own game played and taken back, and callbacks that call back in (XQ_STATUS_BUSY).
 *
 *     c_stress SECONDS [THREADS]
 *
 * Exits non-zero on an unexpected status or an illegal move; an alarm catches a hang. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xiangqi.h"

static xq_engine *shared_engine;
static xq_game *shared_game; /* only read while the threads run */
static double deadline;
static int failures;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static long operations;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void fail(const char *what, xq_status status) {
    pthread_mutex_lock(&report_lock);
    fprintf(stderr, "c stress: %s: status %d (%s)\n", what, (int)status, xq_status_message((int)status));
    failures++;
    pthread_mutex_unlock(&report_lock);
}

static unsigned next(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

static int is_legal(const xq_game *game, xq_move m) {
    xq_move moves[XQ_MAX_MOVES];
    size_t count = 0;
    if (xq_game_legal_moves(game, moves, XQ_MAX_MOVES, &count) != XQ_STATUS_OK) return 0;
    for (size_t i = 0; i < count; i++)
        if (moves[i] == m) return 1;
    return 0;
}

struct call_back_in {
    xq_engine *engine;
    const xq_game *game;
    int calls;
};

static void callback(const xq_search_info *info, void *user) {
    struct call_back_in *c = (struct call_back_in *)user;
    (void)info;
    if (c->calls++ % 3 != 0) return;
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 1;
    xq_search_result result;
    xq_status s = xq_engine_search(c->engine, c->game, &limits, NULL, NULL, &result);
    if (s != XQ_STATUS_BUSY) fail("search from its own callback", s);
    s = xq_engine_new_game(c->engine);
    if (s != XQ_STATUS_BUSY) fail("new game from its own callback", s);
    if (c->calls > 6) xq_engine_stop(c->engine);
}

static void search(xq_engine *engine, const xq_game *game, unsigned *rng, int with_callback) {
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    switch (next(rng) % 4) {
    case 0: limits.depth = 1 + next(rng) % 4; break;
    case 1: limits.nodes = 1 + next(rng) % 5000; break;
    case 2: limits.movetime_ms = next(rng) % 30; if (limits.movetime_ms == 0) limits.depth = 1; break;
    default: limits.red_time_ms = next(rng) % 2000; limits.black_time_ms = 1 + next(rng) % 2000; break;
    }
    struct call_back_in c = {engine, game, 0};
    xq_search_result result;
    xq_status s = xq_engine_search(engine, game, &limits, with_callback ? callback : NULL, &c, &result);
    if (s == XQ_STATUS_NO_MOVE) return;
    if (s != XQ_STATUS_OK) { fail("search", s); return; }
    if (!is_legal(game, result.best_move)) fail("search gave an illegal move", XQ_STATUS_OK);
}

static void *worker(void *arg) {
    unsigned rng = (unsigned)(size_t)arg * 7919u + 1;
    xq_game *own = NULL;
    if (xq_game_new(XQ_RULES_AXF, &own) != XQ_STATUS_OK) { fail("game new", XQ_STATUS_INTERNAL); return NULL; }
    long done = 0;
    while (now() < deadline) {
        unsigned op = next(&rng) % 10;
        if (op <= 2) {
            search(shared_engine, next(&rng) % 2 ? shared_game : own, &rng, next(&rng) % 4 == 0);
        } else if (op == 3) {
            xq_engine_stop(shared_engine);
        } else if (op == 4) {
            xq_status s = xq_engine_new_game(shared_engine);
            if (s != XQ_STATUS_OK) fail("new game", s);
        } else if (op == 5) {
            xq_engine_options options;
            xq_engine_options_default(&options);
            options.hash_mb = 1 + next(&rng) % 4;
            if (next(&rng) % 8 == 0) options.hash_mb = UINT32_MAX; /* refused */
            xq_engine *mine = NULL;
            xq_status s = xq_engine_new(&options, &mine);
            if (options.hash_mb == UINT32_MAX) {
                if (s != XQ_STATUS_OUT_OF_MEMORY || mine != NULL) fail("a huge hash was not refused", s);
            } else if (s != XQ_STATUS_OK) {
                fail("engine new", s);
            } else {
                search(mine, own, &rng, 1);
                xq_engine_free(mine);
            }
        } else if (op <= 7) {
            /* Const calls on the shared game, from every thread at once. */
            xq_move moves[XQ_MAX_MOVES];
            size_t count = 0, needed = 0;
            char fen[256];
            xq_outcome outcome;
            if (xq_game_legal_moves(shared_game, moves, XQ_MAX_MOVES, &count) != XQ_STATUS_OK || count == 0)
                fail("legal moves", XQ_STATUS_INTERNAL);
            if (xq_game_fen(shared_game, fen, sizeof fen, &needed) != XQ_STATUS_OK) fail("fen", XQ_STATUS_INTERNAL);
            if (xq_game_outcome(shared_game, &outcome) != XQ_STATUS_OK) fail("outcome", XQ_STATUS_INTERNAL);
        } else {
            /* The thread's own game: play a random legal move or take one back. */
            xq_move moves[XQ_MAX_MOVES];
            size_t count = 0;
            xq_outcome outcome;
            xq_game_outcome(own, &outcome);
            if (!outcome.is_over && xq_game_legal_moves(own, moves, XQ_MAX_MOVES, &count) == XQ_STATUS_OK && count > 0) {
                xq_status s = xq_game_play(own, moves[next(&rng) % count]);
                if (s != XQ_STATUS_OK) fail("play", s);
            } else {
                xq_game_free(own);
                own = NULL;
                if (xq_game_new(XQ_RULES_AXF, &own) != XQ_STATUS_OK) { fail("game new", XQ_STATUS_INTERNAL); return NULL; }
            }
        }
        done++;
    }
    xq_game_free(own);
    pthread_mutex_lock(&report_lock);
    operations += done;
    pthread_mutex_unlock(&report_lock);
    return NULL;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 60.0;
    int threads = argc > 2 ? atoi(argv[2]) : 8;
    if (threads < 1 || threads > 64) threads = 8;
    alarm((unsigned)seconds + 120);
    xq_engine_options options;
    xq_engine_options_default(&options);
    options.hash_mb = 8;
    options.level = XQ_LEVEL_CLUB;
    if (xq_engine_new(&options, &shared_engine) != XQ_STATUS_OK) return 2;
    if (xq_game_new(XQ_RULES_SIMPLE, &shared_game) != XQ_STATUS_OK) return 2;
    xq_game_play_text(shared_game, "h2e2", XQ_NOTATION_ICCS);
    deadline = now() + seconds;
    pthread_t ids[64];
    for (int i = 0; i < threads; i++) pthread_create(&ids[i], NULL, worker, (void *)(size_t)i);
    for (int i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    xq_game_free(shared_game);
    xq_engine_free(shared_engine);
    printf("c stress: %ld operations from %d threads in %.0f s, %d failure(s)\n", operations, threads, seconds, failures);
    return failures ? 1 : 0;
}
