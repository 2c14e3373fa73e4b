/* The engine API of xiangqi.h from C: a search that returns a legal move, progress through the
 * info callback, a mate found, a mate on the ply that reaches the no-capture limit, bad arguments,
 * and a stop from another thread. */
#define _POSIX_C_SOURCE 200809L /* nanosleep, clock_gettime */
#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int is_legal(const xq_game *game, xq_move m) {
    xq_move moves[XQ_MAX_MOVES];
    size_t count = 0;
    if (xq_game_legal_moves(game, moves, XQ_MAX_MOVES, &count) != XQ_STATUS_OK) return 0;
    for (size_t i = 0; i < count; i++)
        if (moves[i] == m) return 1;
    return 0;
}

struct progress {
    int calls;
    uint32_t last_depth;
    int pv_ok;
};

static void on_info(const xq_search_info *info, void *user) {
    struct progress *p = (struct progress *)user;
    p->calls++;
    p->last_depth = info->depth;
    if (info->pv_len > 0 && info->pv != NULL) p->pv_ok = 1;
}

static void test_search_returns_legal_move(void) {
    xq_engine_options options;
    CHECK_STATUS(xq_engine_options_default(&options), XQ_STATUS_OK);
    CHECK(options.rules == XQ_RULES_AXF); /* the library's default preset */
    options.hash_mb = 16;
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OK);
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_play_text(game, "h2e2", XQ_NOTATION_ICCS), XQ_STATUS_OK);

    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 6;
    struct progress progress = {0, 0, 0};
    xq_search_result result;
    CHECK_STATUS(xq_engine_search(engine, game, &limits, on_info, &progress, &result), XQ_STATUS_OK);
    CHECK(is_legal(game, result.best_move));
    CHECK(result.depth >= 6);
    CHECK(result.pv_len >= 1 && result.pv[0] == result.best_move);
    CHECK(progress.calls >= 6);
    CHECK(progress.last_depth >= 6);
    CHECK(progress.pv_ok);

    /* Bad arguments. */
    CHECK_STATUS(xq_engine_search(NULL, game, &limits, NULL, NULL, &result), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_engine_search(engine, NULL, &limits, NULL, NULL, &result), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, NULL), XQ_STATUS_NULL_ARGUMENT);
    options.level = 17;
    xq_engine *bad = NULL;
    CHECK_STATUS(xq_engine_new(&options, &bad), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(bad == NULL);
    CHECK_STATUS(xq_engine_stop(NULL), XQ_STATUS_NULL_ARGUMENT);
    xq_engine_free(NULL);

    xq_game_free(game);
    xq_engine_free(engine);
}

static void test_finds_mate_and_reports_no_move(void) {
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(NULL, &engine), XQ_STATUS_OK);
    /* Red mates in one with a1a9: e8 is covered by the horse on f6, d9 by the flying general, f9 by
     * the chariot once the general leaves e9. */
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_from_fen("4k4/9/9/5N3/9/9/9/9/R8/3K5 w - - 0 1", XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 4;
    xq_search_result result;
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    CHECK(result.is_mate && result.score == 1);
    /* A mate search alone finds it too, and stops there. */
    xq_limits mate_only;
    memset(&mate_only, 0, sizeof mate_only);
    mate_only.mate = 1;
    xq_search_result by_mate;
    CHECK_STATUS(xq_engine_search(engine, game, &mate_only, NULL, NULL, &by_mate), XQ_STATUS_OK);
    CHECK(by_mate.is_mate && by_mate.score == 1 && by_mate.best_move == result.best_move);
    CHECK_STATUS(xq_game_play(game, result.best_move), XQ_STATUS_OK);
    xq_outcome outcome;
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.is_over && outcome.termination == XQ_TERMINATION_CHECKMATE && outcome.winner == 0);
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_NO_MOVE);
    xq_game_free(game);
    xq_engine_free(engine);
}

/* The termination named in data/rules/move_limit.tsv, as its code. */
static xq_termination termination_named(const char *name) {
    if (strcmp(name, "checkmate") == 0) return XQ_TERMINATION_CHECKMATE;
    if (strcmp(name, "stalemate") == 0) return XQ_TERMINATION_STALEMATE;
    if (strcmp(name, "perpetual_check") == 0) return XQ_TERMINATION_PERPETUAL_CHECK;
    if (strcmp(name, "move_limit") == 0) return XQ_TERMINATION_MOVE_LIMIT;
    return 0;
}

/* data/rules/move_limit.tsv: each row's last move is the 120th ply without a capture; a mate or
 * stalemate on it wins, a repetition on it is a repetition, anything else draws. From the first
 * row's position the engine must play a move that wins there and score it as a mate in one. */
static void test_the_ply_that_reaches_the_no_capture_limit(void) {
    FILE *file = fopen("data/rules/move_limit.tsv", "r");
    CHECK(file != NULL);
    if (file == NULL) return;
    char line[1024];
    int rows = 0;
    CHECK(fgets(line, sizeof line, file) != NULL); /* the header */
    while (fgets(line, sizeof line, file) != NULL) {
        char *fields[5] = {0};
        char *state = NULL;
        for (int i = 0; i < 5; i++) fields[i] = strtok_r(i == 0 ? line : NULL, "\t\n", &state);
        if (fields[3] == NULL) continue;
        xq_game *game = NULL;
        CHECK_STATUS(xq_game_from_fen(fields[0], XQ_RULES_AXF, &game), XQ_STATUS_OK);
        if (game == NULL) continue;
        if (rows == 0) {
            xq_engine *engine = NULL;
            CHECK_STATUS(xq_engine_new(NULL, &engine), XQ_STATUS_OK);
            xq_limits limits;
            memset(&limits, 0, sizeof limits);
            limits.depth = 4;
            xq_search_result result;
            CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
            CHECK(result.is_mate && result.score == 1);
            xq_game *copy = NULL;
            CHECK_STATUS(xq_game_clone(game, &copy), XQ_STATUS_OK);
            CHECK_STATUS(xq_game_play(copy, result.best_move), XQ_STATUS_OK);
            xq_outcome won;
            CHECK_STATUS(xq_game_outcome(copy, &won), XQ_STATUS_OK);
            CHECK(won.is_over && won.winner == (int32_t)XQ_COLOR_RED);
            xq_game_free(copy);
            xq_engine_free(engine);
        }
        char *moves_state = NULL;
        for (char *move = strtok_r(fields[1], " ", &moves_state); move != NULL;
             move = strtok_r(NULL, " ", &moves_state))
            CHECK_STATUS(xq_game_play_text(game, move, XQ_NOTATION_ICCS), XQ_STATUS_OK);
        xq_outcome outcome;
        CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
        CHECK(outcome.is_over);
        CHECK(outcome.termination == termination_named(fields[2]));
        int32_t winner = strcmp(fields[3], "red") == 0     ? (int32_t)XQ_COLOR_RED
                         : strcmp(fields[3], "black") == 0 ? (int32_t)XQ_COLOR_BLACK
                                                           : -1;
        CHECK(outcome.winner == winner);
        xq_game_free(game);
        rows++;
    }
    fclose(file);
    CHECK(rows == 4);
}

struct stopper {
    xq_engine *engine;
};

static void *stop_later(void *arg) {
    struct stopper *s = (struct stopper *)arg;
    struct timespec pause = {0, 300 * 1000 * 1000};
    nanosleep(&pause, NULL);
    xq_engine_stop(s->engine);
    return NULL;
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void test_stop_from_another_thread(void) {
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(NULL, &engine), XQ_STATUS_OK);
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    struct stopper s = {engine};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, stop_later, &s) == 0);
    double start = seconds_now();
    xq_search_result result;
    /* No limits: an infinite search that only the other thread can end. */
    CHECK_STATUS(xq_engine_search(engine, game, NULL, NULL, NULL, &result), XQ_STATUS_OK);
    double elapsed = seconds_now() - start;
    pthread_join(thread, NULL);
    CHECK(elapsed < 30.0);
    CHECK(is_legal(game, result.best_move));
    xq_game_free(game);
    xq_engine_free(engine);
}

/* The evaluation: classical or the shipped net by constant, a net from a file or from bytes;
 * files and bytes that are not a usable net are refused with XQ_STATUS_INVALID_NET and the
 * engine goes on searching with what it had. */
static void test_evaluations_and_net_files(void) {
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(NULL, &engine), XQ_STATUS_OK);
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 4;
    xq_search_result result;

    CHECK_STATUS(xq_engine_set_evaluation(engine, XQ_EVALUATION_CLASSICAL), XQ_STATUS_OK);
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    CHECK(is_legal(game, result.best_move));
    CHECK_STATUS(xq_engine_set_evaluation(engine, XQ_EVALUATION_NNUE), XQ_STATUS_OK);
    CHECK_STATUS(xq_engine_set_evaluation(engine, 7), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_engine_set_evaluation(NULL, XQ_EVALUATION_NNUE), XQ_STATUS_NULL_ARGUMENT);

    static const uint8_t garbage[] = "XQNNUE but not really a net";
    CHECK_STATUS(xq_engine_load_net(engine, garbage, sizeof garbage), XQ_STATUS_INVALID_NET);
    CHECK_STATUS(xq_engine_load_net(engine, garbage, 0), XQ_STATUS_INVALID_NET);
    CHECK_STATUS(xq_engine_load_net(engine, NULL, 10), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_engine_load_net_file(engine, "/nonexistent/net.nnue"), XQ_STATUS_INVALID_NET);
    CHECK_STATUS(xq_engine_load_net_file(engine, NULL), XQ_STATUS_NULL_ARGUMENT);
    char path[] = "/tmp/xq-test-net-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    CHECK(f != NULL);
    CHECK(fwrite(garbage, 1, sizeof garbage, f) == sizeof garbage);
    fclose(f);
    CHECK_STATUS(xq_engine_load_net_file(engine, path), XQ_STATUS_INVALID_NET);
    remove(path);
    CHECK(strstr(xq_status_message(XQ_STATUS_INVALID_NET), "net") != NULL);

    /* Still searching, with the shipped net. */
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    CHECK(is_legal(game, result.best_move));
    xq_game_free(game);
    xq_engine_free(engine);
}

int main(void) {
    deadline(180);
    test_search_returns_legal_move();
    test_evaluations_and_net_files();
    test_finds_mate_and_reports_no_move();
    test_the_ply_that_reaches_the_no_capture_limit();
    test_stop_from_another_thread();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_engine: all checks passed\n");
    return EXIT_SUCCESS;
}
