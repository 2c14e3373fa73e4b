/* The game API of xiangqi.h from C: legal moves, perft, FEN errors, NULL arguments, small
 * buffers, notations, undo, why a move is illegal, the longest FEN, and a game played to
 * checkmate. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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

static void test_illegal_reasons(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    struct {
        xq_square from, to;
        xq_illegal_reason reason;
        const char *text;
    } cases[] = {
        {7, 25, XQ_ILLEGAL_NOT_HOW_IT_MOVES, "that piece does not move so"},  /* h0h2 */
        {0, 45, XQ_ILLEGAL_PATH_BLOCKED, "the path is blocked"},              /* a0a5 */
        {40, 49, XQ_ILLEGAL_NO_PIECE_OF_YOURS, "no piece of yours there"},   /* e4e5 */
        {0, 1, XQ_ILLEGAL_OWN_PIECE_THERE, "your own piece stands there"},   /* a0b0 */
        {25, 70, XQ_ILLEGAL_CANNON_NEEDS_SCREEN, "a cannon captures only by jumping exactly one piece"}, /* h2h7 */
        {25, 22, XQ_ILLEGAL_NONE, "legal"},                                   /* h2e2 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_move m = 0;
        CHECK_STATUS(xq_move_new(cases[i].from, cases[i].to, &m), XQ_STATUS_OK);
        xq_illegal_reason reason = 99;
        CHECK_STATUS(xq_game_illegal_reason(game, m, &reason), XQ_STATUS_OK);
        CHECK(reason == cases[i].reason);
        CHECK(strcmp(xq_illegal_reason_message(reason), cases[i].text) == 0);
        /* The status of playing it agrees. */
        xq_status expected = reason == XQ_ILLEGAL_NONE ? XQ_STATUS_OK : XQ_STATUS_ILLEGAL_MOVE;
        CHECK_STATUS(xq_game_play(game, m), expected);
        if (expected == XQ_STATUS_OK) CHECK_STATUS(xq_game_undo(game), XQ_STATUS_OK);
    }
    CHECK(strcmp(xq_illegal_reason_message(12345), "unknown reason") == 0);
    xq_illegal_reason reason = 0;
    CHECK_STATUS(xq_game_illegal_reason(game, 0xffff, &reason), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_illegal_reason(NULL, 1, &reason), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_illegal_reason(game, 1, NULL), XQ_STATUS_NULL_ARGUMENT);

    /* The reason of a refused move text, in words. */
    char why[128];
    size_t needed = 0;
    CHECK_STATUS(xq_game_move_error(game, "h0h2", XQ_NOTATION_ANY, why, sizeof why, &needed), XQ_STATUS_OK);
    CHECK(strcmp(why, "illegal move \"h0h2\": that piece does not move so") == 0);
    CHECK(needed == strlen(why) + 1);
    CHECK_STATUS(xq_game_move_error(game, "R1+5", XQ_NOTATION_WXF, why, sizeof why, &needed), XQ_STATUS_OK);
    CHECK(strstr(why, "the path is blocked") != NULL);
    CHECK_STATUS(xq_game_move_error(game, "zz", XQ_NOTATION_ANY, why, sizeof why, &needed), XQ_STATUS_OK);
    CHECK(strncmp(why, "invalid move", 12) == 0);
    CHECK_STATUS(xq_game_move_error(game, "h2e2", XQ_NOTATION_ICCS, why, sizeof why, &needed), XQ_STATUS_OK);
    CHECK(why[0] == '\0' && needed == 1);
    char tiny[4];
    CHECK_STATUS(xq_game_move_error(game, "h0h2", XQ_NOTATION_ANY, tiny, sizeof tiny, &needed),
                 XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed > sizeof tiny);
    xq_game_free(game);

    /* Leaving the general attacked, and the generals facing. */
    CHECK_STATUS(xq_game_from_fen("3k5/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1", XQ_RULES_AXF, &game), XQ_STATUS_OK);
    xq_move m = 0;
    CHECK_STATUS(xq_move_new(13, 20, &m), XQ_STATUS_OK); /* e1c2 */
    CHECK_STATUS(xq_game_illegal_reason(game, m, &reason), XQ_STATUS_OK);
    CHECK(reason == XQ_ILLEGAL_LEAVES_GENERAL_ATTACKED);
    CHECK(strcmp(xq_illegal_reason_message(reason), "it leaves your general attacked") == 0);
    xq_game_free(game);
    CHECK_STATUS(xq_game_from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", XQ_RULES_AXF, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_illegal_reason(game, m, &reason), XQ_STATUS_OK);
    CHECK(reason == XQ_ILLEGAL_GENERALS_FACE);
    xq_game_free(game);
}

static void test_longest_fen(void) {
    /* XQ_MAX_FEN bounds every FEN: ten ranks of nine characters, nine slashes, the side, two
     * dashes, two ten-digit counters and five spaces, plus the NUL. */
    CHECK(XQ_MAX_FEN >= 10 * 9 + 9 + 1 + 2 + 2 * 10 + 5 + 1);
    /* A crowded board (every rank but the empty ones written in nine characters) and long
     * counters: it fits. */
    const char *crowded = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 119 99999";
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_from_fen(crowded, XQ_RULES_CASUAL, &game), XQ_STATUS_OK);
    char fen[XQ_MAX_FEN];
    size_t needed = 0;
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &needed), XQ_STATUS_OK);
    CHECK(needed == strlen(crowded) + 1);
    CHECK(needed <= XQ_MAX_FEN);
    xq_game_free(game);
}

static void test_numbering(void) {
    /* The numbers the header promises (they are also Rust's and Python's). */
    CHECK(XQ_COLOR_RED == 0 && XQ_COLOR_BLACK == 1);
    CHECK(XQ_ROLE_GENERAL == 0 && XQ_ROLE_ADVISOR == 1 && XQ_ROLE_ELEPHANT == 2 && XQ_ROLE_HORSE == 3);
    CHECK(XQ_ROLE_CHARIOT == 4 && XQ_ROLE_CANNON == 5 && XQ_ROLE_SOLDIER == 6);
    CHECK(XQ_TERMINATION_CHECKMATE == 1 && XQ_TERMINATION_TIME == 10 && XQ_TERMINATION_DOUBLE_PASS == 12);
    CHECK(XQ_ILLEGAL_NO_PIECE_OF_YOURS == 1 && XQ_ILLEGAL_GAME_OVER == 8);
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    int32_t piece = -1;
    CHECK_STATUS(xq_game_piece_at(game, 1, &piece), XQ_STATUS_OK); /* b0: a red horse */
    CHECK(piece == XQ_COLOR_RED * 7 + XQ_ROLE_HORSE);
    CHECK_STATUS(xq_game_piece_at(game, 88, &piece), XQ_STATUS_OK); /* h9: a black horse */
    CHECK(piece == XQ_COLOR_BLACK * 7 + XQ_ROLE_HORSE);
    xq_game_free(game);
}

/* Results the players declare, through the core's Game: resignation, agreement, time. */
static void test_declared_results(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_play_text(game, "h2e2", XQ_NOTATION_ICCS), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_resign(game, XQ_COLOR_BLACK), XQ_STATUS_OK);
    xq_outcome outcome;
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.is_over && outcome.termination == XQ_TERMINATION_RESIGNATION);
    CHECK(outcome.winner == (int32_t)XQ_COLOR_RED);
    CHECK(strcmp(xq_termination_name(outcome.termination), "resignation") == 0);
    /* Over: nothing more can be declared, and no move played. */
    CHECK_STATUS(xq_game_agree_draw(game), XQ_STATUS_GAME_OVER);
    CHECK_STATUS(xq_game_flag(game, XQ_COLOR_RED), XQ_STATUS_GAME_OVER);
    CHECK_STATUS(xq_game_play_text(game, "h9g7", XQ_NOTATION_ICCS), XQ_STATUS_GAME_OVER);
    /* Taking back the move before it withdraws the resignation. */
    CHECK_STATUS(xq_game_undo(game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(!outcome.is_over);
    CHECK_STATUS(xq_game_flag(game, XQ_COLOR_RED), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.termination == XQ_TERMINATION_TIME && outcome.winner == (int32_t)XQ_COLOR_BLACK);
    CHECK_STATUS(xq_game_undo(game), XQ_STATUS_NOTHING_TO_UNDO);
    CHECK_STATUS(xq_game_resign(game, 7), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_resign(NULL, XQ_COLOR_RED), XQ_STATUS_NULL_ARGUMENT);
    xq_game_free(game);
    CHECK_STATUS(xq_game_new(XQ_RULES_AXF, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_agree_draw(game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.termination == XQ_TERMINATION_AGREEMENT && outcome.winner == -1);
    xq_game_free(game);
    /* The tables: names and values from the core. */
    CHECK(strcmp(xq_termination_name(XQ_TERMINATION_PERPETUAL_CHECK), "perpetual check") == 0);
    CHECK(strcmp(xq_termination_name(XQ_TERMINATION_NONE), "") == 0);
    CHECK(strcmp(xq_termination_name(99), "") == 0);
    CHECK(xq_role_value(XQ_ROLE_CHARIOT) == 1000 && xq_role_value(XQ_ROLE_SOLDIER) == 100);
    /* The levels' table, as Python and the page name them. */
    CHECK(strcmp(xq_level_name(XQ_LEVEL_BEGINNER), "beginner") == 0);
    CHECK(strcmp(xq_level_name(XQ_LEVEL_MASTER), "master") == 0);
    CHECK(strcmp(xq_level_name(XQ_LEVEL_MASTER + 1), "") == 0);
    CHECK(strlen(xq_level_description(XQ_LEVEL_CLUB)) > 0 && strcmp(xq_level_description(99), "") == 0);
    CHECK(xq_level_think_ms(XQ_LEVEL_BEGINNER) > 0 && xq_level_think_ms(XQ_LEVEL_BEGINNER) <= xq_level_think_ms(XQ_LEVEL_MASTER));
    CHECK(xq_level_think_ms(99) == 0);
    CHECK(xq_role_value(XQ_ROLE_GENERAL) == 0 && xq_role_value(7) == -1);
}

static void test_janggi(void) {
    /* Janggi: the start of a chosen setup, the pass, two passes ending the game on counting. */
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new_janggi(XQ_JANGGI_SETUP_SANG_MA_MA_SANG, 4, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_new_variant(9, NULL, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_new_variant(XQ_VARIANT_JANGGI, "not a fen", &game), XQ_STATUS_INVALID_FEN);
    CHECK_STATUS(xq_game_new_janggi(XQ_JANGGI_SETUP_SANG_MA_MA_SANG, XQ_JANGGI_SETUP_MA_SANG_SANG_MA, &game),
                 XQ_STATUS_OK);
    char fen[XQ_MAX_FEN];
    size_t fen_len = 0;
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &fen_len), XQ_STATUS_OK);
    CHECK(strcmp(fen, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1") == 0);
    xq_variant variant = 99;
    CHECK_STATUS(xq_game_variant(game, &variant), XQ_STATUS_OK);
    CHECK(variant == XQ_VARIANT_JANGGI);
    xq_move pass = 0;
    CHECK_STATUS(xq_game_pass_move(game, &pass), XQ_STATUS_OK);
    char text[32];
    size_t needed = 0;
    CHECK_STATUS(xq_game_format_move(game, pass, XQ_NOTATION_ICCS, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strcmp(text, "e1e1") == 0);
    CHECK_STATUS(xq_game_format_move(game, pass, XQ_NOTATION_KOREAN_FSF, text, sizeof text, &needed), XQ_STATUS_OK);
    CHECK(strcmp(text, "K95-95") == 0);
    CHECK_STATUS(xq_game_play(game, pass), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_play_text(game, "한수쉼", XQ_NOTATION_KOREAN), XQ_STATUS_OK);
    xq_outcome outcome;
    CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
    CHECK(outcome.is_over && outcome.termination == XQ_TERMINATION_DOUBLE_PASS);
    CHECK(outcome.winner == (int32_t)XQ_COLOR_BLACK); /* Han's 1.5 points */
    xq_game_free(game);
    /* A xiangqi game has no pass. */
    CHECK_STATUS(xq_game_new_variant(XQ_VARIANT_XIANGQI, NULL, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_pass_move(game, &pass), XQ_STATUS_OK);
    CHECK(xq_game_play(game, pass) != XQ_STATUS_OK);
    xq_game_free(game);
}

int main(void) {
    deadline(60);
    test_version();
    test_start_position();
    test_bad_input();
    test_notations_and_undo();
    test_game_to_checkmate();
    test_illegal_reasons();
    test_longest_fen();
    test_numbering();
    test_declared_results();
    test_janggi();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_game: all checks passed\n");
    return EXIT_SUCCESS;
}
