/* The engine API of xiangqi.h under hostile use: sizes too large for the machine, the engine
 * called again from inside its own info callback, limits at the edge of their types, a stop
 * while idle, and several threads on shared and separate engines. An alarm ends the program if
 * any of it hangs. */
#define _POSIX_C_SOURCE 200809L /* nanosleep, clock_gettime, alarm */
#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int is_legal(const xq_game *game, xq_move m) {
    xq_move moves[XQ_MAX_MOVES];
    size_t count = 0;
    if (xq_game_legal_moves(game, moves, XQ_MAX_MOVES, &count) != XQ_STATUS_OK) return 0;
    for (size_t i = 0; i < count; i++)
        if (moves[i] == m) return 1;
    return 0;
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void sleep_ms(long ms) {
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000 * 1000};
    nanosleep(&pause, NULL);
}

static xq_engine *small_engine(void) {
    xq_engine_options options;
    CHECK_STATUS(xq_engine_options_default(&options), XQ_STATUS_OK);
    options.hash_mb = 4;
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OK);
    return engine;
}

static void test_a_huge_hash_is_refused_not_aborted(void) {
    uint32_t max = xq_engine_max_hash_mb();
    CHECK(max >= 1 && max <= 65536);
    xq_engine_options options;
    CHECK_STATUS(xq_engine_options_default(&options), XQ_STATUS_OK);
    xq_engine *engine = NULL;
    options.hash_mb = UINT32_MAX;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OUT_OF_MEMORY);
    CHECK(engine == NULL);
    options.hash_mb = 999999999;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OUT_OF_MEMORY);
    options.hash_mb = max + 1;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OUT_OF_MEMORY);
    CHECK(engine == NULL);
    CHECK(strstr(xq_status_message(XQ_STATUS_OUT_OF_MEMORY), "memory") != NULL);
    /* Threads and lines out of range are clamped, as documented; a hash of 0 counts as 1. */
    options.hash_mb = 0;
    options.threads = UINT32_MAX;
    options.multipv = UINT32_MAX;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OK);
    CHECK(engine != NULL);
    xq_engine_free(engine);
}

struct reentry {
    xq_engine *engine;
    xq_engine *other;
    const xq_game *game;
    int calls;
    xq_status search_again, new_game, other_search, stop;
    int other_move_legal;
};

static void reenter(const xq_search_info *info, void *user) {
    struct reentry *r = (struct reentry *)user;
    (void)info;
    if (r->calls++ > 0) return;
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 2;
    xq_search_result result;
    r->search_again = xq_engine_search(r->engine, r->game, &limits, NULL, NULL, &result);
    r->new_game = xq_engine_new_game(r->engine);
    r->other_search = xq_engine_search(r->other, r->game, &limits, NULL, NULL, &result);
    r->other_move_legal = r->other_search == XQ_STATUS_OK && is_legal(r->game, result.best_move);
    r->stop = xq_engine_stop(r->engine);
}

static void test_reentry_from_the_callback_is_busy_not_a_deadlock(void) {
    xq_engine *engine = small_engine();
    xq_engine *other = small_engine();
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    struct reentry r;
    memset(&r, 0, sizeof r);
    r.engine = engine;
    r.other = other;
    r.game = game;
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 1000; /* ended by the stop the callback sends */
    xq_search_result result;
    double start = seconds_now();
    CHECK_STATUS(xq_engine_search(engine, game, &limits, reenter, &r, &result), XQ_STATUS_OK);
    CHECK(seconds_now() - start < 20.0);
    CHECK(is_legal(game, result.best_move));
    CHECK_STATUS(r.search_again, XQ_STATUS_BUSY);
    CHECK_STATUS(r.new_game, XQ_STATUS_BUSY);
    CHECK_STATUS(r.other_search, XQ_STATUS_OK);
    CHECK(r.other_move_legal);
    CHECK_STATUS(r.stop, XQ_STATUS_OK);
    /* Outside the callback the engine takes calls again. */
    CHECK_STATUS(xq_engine_new_game(engine), XQ_STATUS_OK);
    limits.depth = 3;
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    xq_game_free(game);
    xq_engine_free(other);
    xq_engine_free(engine);
}

struct stopper {
    xq_engine *engine;
    long after_ms;
};

static void *stop_later(void *arg) {
    struct stopper *s = (struct stopper *)arg;
    sleep_ms(s->after_ms);
    xq_engine_stop(s->engine);
    return NULL;
}

static void test_limits_at_the_edge_of_their_types_do_not_wrap(void) {
    xq_engine *engine = small_engine();
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    xq_limits limits;
    for (int variant = 0; variant < 3; variant++) {
        memset(&limits, 0, sizeof limits);
        if (variant == 0) limits.movetime_ms = UINT64_MAX;
        if (variant == 1) {
            limits.red_time_ms = UINT64_MAX;
            limits.black_time_ms = UINT64_MAX;
            limits.red_increment_ms = UINT64_MAX;
            limits.black_increment_ms = UINT64_MAX;
            limits.moves_to_go = UINT32_MAX;
        }
        if (variant == 2) {
            limits.depth = UINT32_MAX;
            limits.nodes = UINT64_MAX;
        }
        struct stopper s = {engine, 300};
        pthread_t thread;
        CHECK(pthread_create(&thread, NULL, stop_later, &s) == 0);
        double start = seconds_now();
        xq_search_result result;
        CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
        double elapsed = seconds_now() - start;
        pthread_join(thread, NULL);
        /* It ran until the stop: a wrapped budget would have answered at once. */
        CHECK(elapsed >= 0.25);
        CHECK(elapsed < 20.0);
        CHECK(is_legal(game, result.best_move));
    }
    xq_game_free(game);
    xq_engine_free(engine);
}

static void test_a_stop_while_idle_does_not_cut_the_next_search(void) {
    xq_engine *engine = small_engine();
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_engine_stop(engine), XQ_STATUS_OK);
    CHECK_STATUS(xq_engine_stop(engine), XQ_STATUS_OK);
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 5;
    xq_search_result result;
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    CHECK(result.depth >= 5);
    xq_game_free(game);
    xq_engine_free(engine);
}

/* Several threads: some share one engine (their searches are serialised), some have their own,
 * and one keeps stopping the shared engine. Every search must still answer with a legal move. */
#define SHARED_THREADS 3
#define OWN_THREADS 3
#define SEARCHES 4

struct worker {
    xq_engine *engine; /* shared, or NULL for an own engine */
    int legal;
    int searches;
};

static void *search_worker(void *arg) {
    struct worker *w = (struct worker *)arg;
    xq_engine *engine = w->engine != NULL ? w->engine : small_engine();
    xq_game *game = NULL;
    if (xq_game_new(XQ_RULES_AXF, &game) != XQ_STATUS_OK) return NULL;
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 4;
    for (int i = 0; i < SEARCHES; i++) {
        xq_search_result result;
        if (xq_engine_search(engine, game, &limits, NULL, NULL, &result) != XQ_STATUS_OK) break;
        w->searches++;
        if (!is_legal(game, result.best_move)) break;
        w->legal++;
        if (xq_game_play(game, result.best_move) != XQ_STATUS_OK) break;
    }
    xq_game_free(game);
    if (w->engine == NULL) xq_engine_free(engine);
    return NULL;
}

static volatile int stopping = 1;

static void *keep_stopping(void *arg) {
    xq_engine *engine = (xq_engine *)arg;
    while (stopping) {
        xq_engine_stop(engine);
        sleep_ms(7);
    }
    return NULL;
}

static void test_threads_on_shared_and_separate_engines(void) {
    xq_engine *shared = small_engine();
    struct worker workers[SHARED_THREADS + OWN_THREADS];
    pthread_t threads[SHARED_THREADS + OWN_THREADS];
    memset(workers, 0, sizeof workers);
    pthread_t stopper;
    CHECK(pthread_create(&stopper, NULL, keep_stopping, shared) == 0);
    for (int i = 0; i < SHARED_THREADS + OWN_THREADS; i++) {
        workers[i].engine = i < SHARED_THREADS ? shared : NULL;
        CHECK(pthread_create(&threads[i], NULL, search_worker, &workers[i]) == 0);
    }
    for (int i = 0; i < SHARED_THREADS + OWN_THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].searches == SEARCHES);
        CHECK(workers[i].legal == SEARCHES);
    }
    stopping = 0;
    pthread_join(stopper, NULL);
    xq_engine_free(shared);
}

int main(void) {
    deadline(120);
    test_a_huge_hash_is_refused_not_aborted();
    test_reentry_from_the_callback_is_busy_not_a_deadlock();
    test_limits_at_the_edge_of_their_types_do_not_wrap();
    test_a_stop_while_idle_does_not_cut_the_next_search();
    test_threads_on_shared_and_separate_engines();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_hostile: all checks passed\n");
    return EXIT_SUCCESS;
}
