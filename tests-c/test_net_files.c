/* Bad net files through the C API: a file cut short, of the other game, of an unknown
 * architecture or with a weight that could overflow gets XQ_STATUS_INVALID_NET from
 * xq_engine_load_net_file (and xq_engine_load_net), and the engine goes on with the net it had.
 *
 * The files are made here from the shipped nets' bytes. Before the bad loads the engine holds a
 * custom xiangqi net (the shipped janggi net's weights relabelled as a xiangqi net), so a fall
 * back to the shipped net shows in the search: each search starts from a new game (hash and
 * histories cleared), at a fixed depth on one thread, so the same net gives the same result. */
#include "check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The header of a version 2 net file: magic, architecture, game, H, QA, QB, SCALE, text. */
#define HEADER (8 + 4 * 6 + 32)

static uint8_t *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *bytes = malloc((size_t)size);
    if (bytes != NULL && fread(bytes, 1, (size_t)size, f) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(f);
    *len = (size_t)size;
    return bytes;
}

static void write_file(const char *path, const uint8_t *bytes, size_t len) {
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f == NULL) return;
    CHECK(fwrite(bytes, 1, len, f) == len);
    fclose(f);
}

/* FNV-1a of all but the last four bytes, written into them. */
static void reseal(uint8_t *bytes, size_t len) {
    uint32_t h = 0x811c9dc5u;
    for (size_t i = 0; i < len - 4; i++) h = (h ^ bytes[i]) * 0x01000193u;
    for (int k = 0; k < 4; k++) bytes[len - 4 + k] = (uint8_t)(h >> (8 * k));
}

static void set_u32(uint8_t *bytes, size_t at, uint32_t value) {
    for (int k = 0; k < 4; k++) bytes[at + k] = (uint8_t)(value >> (8 * k));
}

struct outcome {
    xq_move best;
    int32_t score;
    uint64_t nodes;
};

static struct outcome search(xq_engine *engine, xq_variant variant) {
    struct outcome out = {0, 0, 0};
    xq_game *game = NULL;
    CHECK_STATUS(xq_game_new_variant(variant, NULL, &game), XQ_STATUS_OK);
    if (variant == XQ_VARIANT_XIANGQI) {
        CHECK_STATUS(xq_game_play_text(game, "h2e2", XQ_NOTATION_ICCS), XQ_STATUS_OK);
        CHECK_STATUS(xq_game_play_text(game, "h9g7", XQ_NOTATION_ICCS), XQ_STATUS_OK);
    }
    xq_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = 6;
    xq_search_result result;
    CHECK_STATUS(xq_engine_new_game(engine), XQ_STATUS_OK);
    CHECK_STATUS(xq_engine_search(engine, game, &limits, NULL, NULL, &result), XQ_STATUS_OK);
    out.best = result.best_move;
    out.score = result.score;
    out.nodes = result.nodes;
    xq_game_free(game);
    return out;
}

static int same(struct outcome a, struct outcome b) {
    return a.best == b.best && a.score == b.score && a.nodes == b.nodes;
}

int main(void) {
    deadline(240);
    size_t xq_len = 0, jg_len = 0;
    uint8_t *xiangqi = read_file("xiangqi-search/nets/default.nnue", &xq_len);
    uint8_t *janggi = read_file("xiangqi-search/nets/janggi.nnue", &jg_len);
    CHECK(xiangqi != NULL && janggi != NULL);
    if (xiangqi == NULL || janggi == NULL) return EXIT_FAILURE;

    /* A sound xiangqi net unlike the shipped one, and a sound janggi net unlike janggi's. */
    uint8_t *custom = malloc(jg_len);
    memcpy(custom, janggi, jg_len);
    set_u32(custom, 12, 0);
    reseal(custom, jg_len);
    uint8_t *other_janggi = malloc(xq_len);
    memcpy(other_janggi, xiangqi, xq_len);
    set_u32(other_janggi, 12, 1);
    reseal(other_janggi, xq_len);

    /* The bad files, each with what is wrong. */
    uint8_t *arch = malloc(xq_len);
    memcpy(arch, xiangqi, xq_len);
    set_u32(arch, 8, 7);
    reseal(arch, xq_len);
    uint8_t *inflated = malloc(xq_len);
    memcpy(inflated, xiangqi, xq_len);
    inflated[HEADER] = 0xff; /* w1[0] = 32767: 32 active inputs overflow int16 */
    inflated[HEADER + 1] = 0x7f;
    reseal(inflated, xq_len);
    struct {
        const char *kind;
        const uint8_t *bytes;
        size_t len;
    } bad[] = {
        {"cut in half", xiangqi, xq_len / 2},
        {"cut by a byte", xiangqi, xq_len - 1},
        {"cut in the header", xiangqi, 20},
        {"the other game", janggi, jg_len},
        {"an unknown architecture", arch, xq_len},
        {"an inflated weight", inflated, xq_len},
    };

    xq_engine_options options;
    CHECK_STATUS(xq_engine_options_default(&options), XQ_STATUS_OK);
    options.hash_mb = 1;
    options.threads = 1;
    xq_engine *engine = NULL;
    CHECK_STATUS(xq_engine_new(&options, &engine), XQ_STATUS_OK);
    struct outcome shipped = search(engine, XQ_VARIANT_XIANGQI);
    const char *custom_path = "target/c-tests/net-custom.nnue";
    write_file(custom_path, custom, jg_len);
    CHECK_STATUS(xq_engine_load_net_file(engine, custom_path), XQ_STATUS_OK);
    struct outcome before = search(engine, XQ_VARIANT_XIANGQI);
    CHECK(!same(before, shipped)); /* the custom net searches differently */
    struct outcome janggi_before = search(engine, XQ_VARIANT_JANGGI);

    const char *path = "target/c-tests/net-bad.nnue";
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, bad[i].bytes, bad[i].len);
        xq_status s = xq_engine_load_net_file_for(engine, path, XQ_VARIANT_XIANGQI);
        if (s != XQ_STATUS_INVALID_NET) fprintf(stderr, "%s: status %d\n", bad[i].kind, (int)s);
        CHECK(s == XQ_STATUS_INVALID_NET);
        if (i != 3) { /* a janggi net without a game to check goes to janggi, tested below */
            CHECK_STATUS(xq_engine_load_net_file(engine, path), XQ_STATUS_INVALID_NET);
            CHECK_STATUS(xq_engine_load_net(engine, bad[i].bytes, bad[i].len),
                         XQ_STATUS_INVALID_NET);
        }
        struct outcome after = search(engine, XQ_VARIANT_XIANGQI);
        if (!same(after, before)) fprintf(stderr, "%s: the net changed\n", bad[i].kind);
        CHECK(same(after, before));
    }
    CHECK(same(search(engine, XQ_VARIANT_JANGGI), janggi_before));
    CHECK_STATUS(xq_engine_load_net_file_for(engine, custom_path, XQ_VARIANT_JANGGI),
                 XQ_STATUS_INVALID_NET);
    CHECK_STATUS(xq_engine_load_net_file_for(engine, custom_path, 99), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_engine_load_net_file_for(engine, NULL, XQ_VARIANT_XIANGQI),
                 XQ_STATUS_NULL_ARGUMENT);

    /* A janggi net changes janggi's net only: xiangqi searches as before. */
    write_file(path, other_janggi, xq_len);
    CHECK_STATUS(xq_engine_load_net_file(engine, path), XQ_STATUS_OK);
    CHECK(same(search(engine, XQ_VARIANT_XIANGQI), before));
    CHECK(!same(search(engine, XQ_VARIANT_JANGGI), janggi_before));
    CHECK_STATUS(xq_engine_load_net_file_for(engine, custom_path, XQ_VARIANT_XIANGQI),
                 XQ_STATUS_OK);
    CHECK(same(search(engine, XQ_VARIANT_XIANGQI), before));

    remove(path);
    remove(custom_path);
    xq_engine_free(engine);
    free(xiangqi);
    free(janggi);
    free(custom);
    free(other_janggi);
    free(arch);
    free(inflated);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_net_files: all checks passed\n");
    return EXIT_SUCCESS;
}
