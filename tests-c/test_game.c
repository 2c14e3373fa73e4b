/* The game API of xiangqi.h from C: legal moves, perft, FEN errors, NULL arguments, small
 * buffers, notations, undo and a game played to checkmate. */
#include "xiangqi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

#define CHECK_STATUS(expr, expected)                                         \
    do {                                                                     \
        xq_status s_ = (expr);                                               \
        if (s_ != (expected)) {                                              \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n", __FILE__, __LINE__, #expr, \
                    (int)s_, xq_status_message((int)s_), (int)(expected));   \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static void test_version(void) {
    CHECK(xq_abi_version() == XQ_ABI_VERSION);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", XQ_VERSION_MAJOR, XQ_VERSION_MINOR, XQ_VERSION_PATCH);
    CHECK(strcmp(xq_version(), expected) == 0);
    CHECK(strcmp(xq_status_message(XQ_STATUS_OK), "ok") == 0);
    CHECK(strlen(xq_status_message(12345)) > 0);
}

static void test_start_position(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    CHECK(game != NULL);

    xq_move moves[XQ_MAX_MOVES];
    size_t count = 0;
    CHECK_STATUS(xq_game_legal_moves(game, moves, XQ_MAX_MOVES, &count), XQ_STATUS_OK);
    CHECK(count == 44);

    /* Too small: nothing written, the needed count reported. */
    xq_move few[4] = {0, 0, 0, 0};
    count = 0;
    CHECK_STATUS(xq_game_legal_moves(game, few, 4, &count), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 44);
    CHECK(few[0] == 0);

    uint64_t nodes = 0;
    CHECK_STATUS(xq_game_perft(game, 4, &nodes), XQ_STATUS_OK);
    CHECK(nodes == 3290240ULL);

    char fen[128];
    size_t needed = 0;
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &needed), XQ_STATUS_OK);
    CHECK(strcmp(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1") == 0);
    CHECK(needed == strlen(fen) + 1);

    /* A buffer one byte short: BUFFER_TOO_SMALL, needed size reported, buffer untouched. */
    char small[8];
    memset(small, 'x', sizeof small);
    size_t need2 = 0;
    CHECK_STATUS(xq_game_fen(game, small, sizeof small, &need2), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(need2 == needed);
    CHECK(small[0] == 'x');
    CHECK_STATUS(xq_game_fen(game, NULL, 0, &need2), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(need2 == needed);

    int32_t piece = 0;
    CHECK_STATUS(xq_game_piece_at(game, 4, &piece), XQ_STATUS_OK); /* e0: the red general */
    CHECK(piece == XQ_COLOR_RED * 7 + XQ_ROLE_GENERAL);
    CHECK_STATUS(xq_game_piece_at(game, 40, &piece), XQ_STATUS_OK); /* e4: empty */
    CHECK(piece == -1);
    CHECK_STATUS(xq_game_piece_at(game, 90, &piece), XQ_STATUS_INVALID_ARGUMENT);

    xq_color turn = 99;
    CHECK_STATUS(xq_game_turn(game, &turn), XQ_STATUS_OK);
    CHECK(turn == XQ_COLOR_RED);
    xq_game_free(game);
}

static void test_bad_input(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", XQ_RULES_CASUAL, &game),
                 XQ_STATUS_INVALID_FEN);
    CHECK(game == NULL);
    CHECK_STATUS(xq_game_from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_FEN);
    CHECK_STATUS(xq_game_from_fen("not a fen", XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_FEN);
    CHECK_STATUS(xq_game_from_fen("\xff\xfe", XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_UTF8);
    CHECK_STATUS(xq_game_from_fen(NULL, XQ_RULES_CASUAL, &game), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_from_fen(
                     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 77, &game),
                 XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, NULL), XQ_STATUS_NULL_ARGUMENT);

    char why[256];
    size_t needed = 0;
    CHECK_STATUS(xq_fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", why, sizeof why, &needed),
                 XQ_STATUS_OK);
    CHECK(strstr(why, "rank 0") != NULL);

    /* NULL handles everywhere. */
    size_t count;
    xq_move moves[XQ_MAX_MOVES];
    CHECK_STATUS(xq_game_legal_moves(NULL, moves, XQ_MAX_MOVES, &count), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_play(NULL, 1), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_undo(NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_fen(NULL, why, sizeof why, &needed), XQ_STATUS_NULL_ARGUMENT);
    xq_outcome outcome;
    CHECK_STATUS(xq_game_outcome(NULL, &outcome), XQ_STATUS_NULL_ARGUMENT);
    xq_game_free(NULL); /* harmless */

    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_legal_moves(game, moves, XQ_MAX_MOVES, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_outcome(game, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_undo(game), XQ_STATUS_NOTHING_TO_UNDO);
    CHECK_STATUS(xq_game_play(game, 0xffff), XQ_STATUS_INVALID_ARGUMENT);
    xq_move m = 0;
    CHECK_STATUS(xq_move_new(0, 90, &m), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_move_new(0, 9, &m), XQ_STATUS_OK); /* a0a1 */
    CHECK(xq_move_from(m) == 0 && xq_move_to(m) == 9);
    CHECK_STATUS(xq_move_new(0, 27, &m), XQ_STATUS_OK); /* a0a3: a chariot cannot pass its soldier */
    CHECK_STATUS(xq_game_play(game, m), XQ_STATUS_ILLEGAL_MOVE);
    CHECK_STATUS(xq_game_play_text(game, "zz", XQ_NOTATION_ANY), XQ_STATUS_INVALID_MOVE);
    CHECK_STATUS(xq_game_play_text(game, "h2h8", XQ_NOTATION_ICCS), XQ_STATUS_ILLEGAL_MOVE);
    CHECK_STATUS(xq_game_play_text(game, "h2e2", 42), XQ_STATUS_INVALID_ARGUMENT);
    size_t ply = 99;
    CHECK_STATUS(xq_game_ply(game, &ply), XQ_STATUS_OK);
    CHECK(ply == 0); /* nothing was played by the failures */
    xq_game_free(game);
}

static void test_notations_and_undo(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    xq_move m = 0;
    CHECK_STATUS(xq_game_parse_move(game, "C2=5", XQ_NOTATION_WXF, &m), XQ_STATUS_OK);
    char text[64];
    size_t needed;
    CHECK_STATUS(xq_game_format_move(game, m, XQ_NOTATION_ICCS, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strcmp(text, "h2e2") == 0);
    CHECK_STATUS(xq_game_format_move(game, m, XQ_NOTATION_CHINESE, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strcmp(text, "炮二平五") == 0);
    CHECK_STATUS(xq_game_format_move(game, m, XQ_NOTATION_ICCS_ONE_BASED, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strcmp(text, "h3e3") == 0);
    CHECK_STATUS(xq_game_play_text(game, "炮二平五", XQ_NOTATION_ANY), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_play_text(game, "马8进7", XQ_NOTATION_CHINESE), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_format_move(game, m, XQ_NOTATION_WXF, text, sizeof text, &needed), XQ_STATUS_ILLEGAL_MOVE);
    char fen[128];
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &needed), XQ_STATUS_OK);
    CHECK(strcmp(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2") == 0);

    xq_game *copy = NULL;
    CHECK_STATUS(xq_game_clone(game, &copy), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_undo(game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_undo(game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &needed), XQ_STATUS_OK);
    CHECK(strcmp(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1") == 0);
    size_t ply = 0;
    CHECK_STATUS(xq_game_ply(copy, &ply), XQ_STATUS_OK);
    CHECK(ply == 2); /* the copy is independent */
    xq_game_free(copy);
    xq_game_free(game);
}

static void test_game_to_checkmate(void) {
    /* 1. b2c2 b7c7 2. c2c6 f9e8 3. c6c9#: the cannon takes the elephant over the black cannon and
     * checks along rank 9 over the d9 advisor; e8 is blocked by the other advisor and f9 is covered. */
    const char *line[] = {"b2c2", "b7c7", "c2c6", "f9e8", "c6c9"};
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_SIMPLE, &game), XQ_STATUS_OK);
    xq_outcome outcome;
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
        CHECK(!outcome.is_over);
        CHECK_STATUS(xq_game_play_text(game, line[i], XQ_NOTATION_ICCS), XQ_STATUS_OK);
    }
    bool check = false;
    CHECK_STATUS(xq_game_is_check(game, &check), XQ_STATUS_OK);
    CHECK(check);
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.is_over);
    CHECK(outcome.termination == XQ_TERMINATION_CHECKMATE);
    CHECK(outcome.winner == (int32_t)XQ_COLOR_RED);
    size_t count = 99;
    xq_move moves[XQ_MAX_MOVES];
    CHECK_STATUS(xq_game_legal_moves(game, moves, XQ_MAX_MOVES, &count), XQ_STATUS_OK);
    CHECK(count == 0);
    CHECK_STATUS(xq_game_play_text(game, "a9a8", XQ_NOTATION_ICCS), XQ_STATUS_ILLEGAL_MOVE);
    char text[256];
    size_t needed = 0;
    CHECK_STATUS(xq_game_outcome_text(game, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strstr(text, "checkmate") != NULL);
    xq_game_free(game);
}

int main(void) {
    test_version();
    test_start_position();
    test_bad_input();
    test_notations_and_undo();
    test_game_to_checkmate();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_game: all checks passed\n");
    return EXIT_SUCCESS;
}
