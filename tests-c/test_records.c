/* Game records from raw bytes through xiangqi.h: PGN in Big5, a hand-made XQF 1.0 file,
 * DhtmlXQ, and broken buffers with their explanation. */
#include "check.h"

#include <stdint.h>
#include <string.h>

/* [Red "x"] and 1. 炮二平五 馬８進７ 1-0 in Big5 (iconv -t big5). */
static const uint8_t BIG5_PGN[] = "[Red \"x\"]\n\n1. \xac\xb6\xa4\x47\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6 1-0\n";

static void test_pgn_from_big5_bytes(void) {
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_from_record(BIG5_PGN, sizeof BIG5_PGN - 1, XQ_RECORD_PGN, XQ_RULES_AXF, &game),
                 XQ_STATUS_OK);
    size_t ply = 0;
    CHECK_STATUS(xq_game_ply(game, &ply), XQ_STATUS_OK);
    CHECK(ply == 2);
    char fen[128];
    size_t needed = 0;
    CHECK_STATUS(xq_game_fen(game, fen, sizeof fen, &needed), XQ_STATUS_OK);
    /* h2e2 h9g7 worked out by hand. */
    CHECK(strcmp(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2") == 0);
    xq_game_free(game);
}

static void test_xqf_and_dhtmlxq(void) {
    uint8_t file[1024 + 16];
    memset(file, 0, sizeof file);
    memcpy(file, "XQ\x0a", 3);
    static const uint8_t start[32] = {0,  10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3,  23, 43, 63, 83,
                                      9,  19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
    memcpy(file + 16, start, 32);
    static const uint8_t moves[16] = {0x18, 0x20, 0xF0, 0, 0, 0, 0, 0, 72 + 0x18, 42 + 0x20, 0, 0, 0, 0, 0, 0};
    memcpy(file + 1024, moves, 16);
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_from_record(file, sizeof file, XQ_RECORD_XQF, XQ_RULES_CASUAL, &game), XQ_STATUS_OK);
    size_t ply = 0;
    CHECK_STATUS(xq_game_ply(game, &ply), XQ_STATUS_OK);
    CHECK(ply == 1);
    xq_game_free(game);

    static const char page[] = "<p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>";
    game = NULL;
    CHECK_STATUS(xq_game_from_record((const uint8_t *)page, strlen(page), XQ_RECORD_DHTMLXQ, XQ_RULES_CASUAL, &game),
                 XQ_STATUS_OK);
    CHECK_STATUS(xq_game_ply(game, &ply), XQ_STATUS_OK);
    CHECK(ply == 2);
    xq_game_free(game);
}

static void test_broken_buffers(void) {
    xq_game *game = NULL;
    static const char bad[] = "[Format \"ICCS\"]\n\n1. a0a5 *\n";
    CHECK_STATUS(xq_game_from_record((const uint8_t *)bad, strlen(bad), XQ_RECORD_PGN, XQ_RULES_CASUAL, &game),
                 XQ_STATUS_INVALID_ARGUMENT);
    CHECK(game == NULL);
    char why[256];
    size_t needed = 0;
    CHECK_STATUS(xq_record_error((const uint8_t *)bad, strlen(bad), XQ_RECORD_PGN, why, sizeof why, &needed),
                 XQ_STATUS_OK);
    CHECK(strstr(why, "line 3") != NULL);
    static const uint8_t truncated[] = "XQ\x0a\x00";
    CHECK_STATUS(xq_game_from_record(truncated, 4, XQ_RECORD_XQF, XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_from_record(NULL, 10, XQ_RECORD_PGN, XQ_RULES_CASUAL, &game), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_from_record(truncated, 4, 99, XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_from_record(NULL, 0, XQ_RECORD_PGN, XQ_RULES_CASUAL, &game), XQ_STATUS_INVALID_ARGUMENT);
}

int main(void) {
    deadline(60);
    test_pgn_from_big5_bytes();
    test_xqf_and_dhtmlxq();
    test_broken_buffers();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    puts("test_records: ok");
    return 0;
}
