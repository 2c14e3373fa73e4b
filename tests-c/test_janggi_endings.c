/* Janggi game ends from C against Fairy-Stockfish: every row of data/rules/janggi_endings.tsv
 * (pyffish's verdicts, written by tools/janggi_endings_data.py; the path is relative to the
 * repository root, where `make c-test` runs, or given as the first argument) replayed with
 * xq_game_new_variant and xq_game_play_text. Before each move the game goes on; after the last,
 * xq_game_outcome names pyffish's termination and winner, and xq_game_fen gives pyffish's FEN
 * (so the counted material, and the points, are pyffish's too). */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static xq_variant variant_named(const char *name) {
    if (strcmp(name, "janggi") == 0) return XQ_VARIANT_JANGGI;
    if (strcmp(name, "janggitraditional") == 0) return XQ_VARIANT_JANGGI_TRADITIONAL;
    if (strcmp(name, "janggimodern") == 0) return XQ_VARIANT_JANGGI_MODERN;
    if (strcmp(name, "janggicasual") == 0) return XQ_VARIANT_JANGGI_CASUAL;
    return XQ_VARIANT_XIANGQI;
}

static xq_termination termination_named(const char *name) {
    if (strcmp(name, "checkmate") == 0) return XQ_TERMINATION_CHECKMATE;
    if (strcmp(name, "stalemate") == 0) return XQ_TERMINATION_STALEMATE;
    if (strcmp(name, "perpetual_check") == 0) return XQ_TERMINATION_PERPETUAL_CHECK;
    if (strcmp(name, "repetition") == 0) return XQ_TERMINATION_REPETITION;
    if (strcmp(name, "move_limit") == 0) return XQ_TERMINATION_MOVE_LIMIT;
    if (strcmp(name, "bikjang") == 0) return XQ_TERMINATION_BIKJANG;
    if (strcmp(name, "double_pass") == 0) return XQ_TERMINATION_DOUBLE_PASS;
    if (strcmp(name, "back_and_forth") == 0) return XQ_TERMINATION_BACK_AND_FORTH;
    return XQ_TERMINATION_NONE;
}

static int32_t winner_named(const char *name) {
    if (strcmp(name, "red") == 0) return (int32_t)XQ_COLOR_RED;
    if (strcmp(name, "black") == 0) return (int32_t)XQ_COLOR_BLACK;
    return -1;
}

int main(int argc, char **argv) {
    deadline(120);
    const char *path = argc > 1 ? argv[1] : "data/rules/janggi_endings.tsv";
    FILE *file = fopen(path, "r");
    CHECK(file != NULL);
    if (file == NULL) return 1;
    static char line[1 << 16];
    int rows = 0, ended = 0, disagreements = 0, shuttles = 0;
    int header = 0;
    while (fgets(line, sizeof line, file) != NULL) {
        if (line[0] == '#' || line[0] == '\n') continue;
        if (!header) { /* the column names */
            header = 1;
            continue;
        }
        char *fields[9] = {0};
        char *state = NULL;
        for (int i = 0; i < 9; i++) fields[i] = strtok_r(i == 0 ? line : NULL, "\t\n", &state);
        CHECK(fields[8] != NULL);
        if (fields[8] == NULL) continue;
        const char *variant = fields[0], *fen = fields[1], *termination = fields[3];
        const char *winner = fields[4], *fen_after = fields[7];
        xq_game *game = NULL;
        CHECK_STATUS(xq_game_new_variant(variant_named(variant), fen, &game), XQ_STATUS_OK);
        if (game == NULL) continue;
        int before = failures;
        if (strcmp(fields[2], "-") != 0) {
            char *moves_state = NULL;
            for (char *move = strtok_r(fields[2], " ", &moves_state); move != NULL;
                 move = strtok_r(NULL, " ", &moves_state)) {
                xq_outcome going;
                CHECK_STATUS(xq_game_outcome(game, &going), XQ_STATUS_OK);
                CHECK(!going.is_over);
                CHECK_STATUS(xq_game_play_text(game, move, XQ_NOTATION_ICCS), XQ_STATUS_OK);
            }
        }
        xq_outcome outcome;
        CHECK_STATUS(xq_game_outcome(game, &outcome), XQ_STATUS_OK);
        if (strcmp(termination, "back_and_forth") == 0) shuttles++;
        CHECK(outcome.is_over == (strcmp(termination, "none") != 0));
        CHECK(outcome.termination == termination_named(termination));
        CHECK(outcome.winner == winner_named(winner));
        bool counted = true;
        CHECK_STATUS(xq_game_outcome_counted(game, &counted), XQ_STATUS_OK);
        CHECK(counted == (strcmp(fields[5], "-") != 0)); /* pyffish's points where counting decides */
        char buf[XQ_MAX_FEN];
        CHECK_STATUS(xq_game_fen(game, buf, sizeof buf, NULL), XQ_STATUS_OK);
        CHECK(strcmp(buf, fen_after) == 0);
        if (outcome.is_over) ended++;
        if (failures != before) {
            disagreements++;
            fprintf(stderr, "row %d (%s %s): expected %s by %s, got termination %u winner %d, FEN %s\n",
                    rows + 1, variant, fen, termination, winner, (unsigned)outcome.termination,
                    (int)outcome.winner, buf);
        }
        xq_game_free(game);
        rows++;
    }
    fclose(file);
    CHECK(rows >= 150);
    CHECK(shuttles >= 8);
    printf("%d rows, %d ended (%d by the back-and-forth rule), %d disagreements\n", rows, ended,
           shuttles, disagreements);
    return failures == 0 ? 0 : 1;
}
