/*
 * xiangqi.h - the C ABI of the xiangqi toolkit (rules and engine).
 *
 * Conventions
 * - Every name starts with xq_; functions are named xq_<type>_<verb>.
 * - Every fallible function returns an xq_status: 0 (XQ_STATUS_OK) is success, every other value is
 *   an error whose number never changes; xq_status_message() gives its text.
 * - Outputs go through pointers given last, and are written only on success. The one exception is
 *   the needed size of a string: functions that write text into a caller buffer take the buffer,
 *   its size in bytes, and a size_t* that receives the needed size (including the terminating NUL)
 *   both on success and when they return XQ_STATUS_BUFFER_TOO_SMALL.
 * - Strings passed in are NUL-terminated UTF-8. Strings written out are NUL-terminated UTF-8.
 * - Handles come from xq_<type>_new (or another constructor) and go back through xq_<type>_free;
 *   passing NULL to a _free function is harmless.
 * - NULL arguments and invalid values return a status; nothing panics or aborts across the boundary.
 *
 * Numbering (the same in C, Rust and Python unless said)
 * - Squares 0..89 are rank * 9 + file: files a..i from Red's left, ranks 0..9 from Red's side.
 * - Colours: XQ_COLOR_RED 0, XQ_COLOR_BLACK 1, as Rust's Color. Python follows python-chess:
 *   RED is True, BLACK is False.
 * - Roles: XQ_ROLE_GENERAL 0 .. XQ_ROLE_SOLDIER 6 (general, advisor, elephant, horse, chariot,
 *   cannon, soldier), as Rust's Role. Python's piece types are these plus one (GENERAL 1 ..
 *   SOLDIER 7), as python-chess counts them. A piece is color * 7 + role.
 * - Terminations (XQ_TERMINATION_*, 1..10) and illegal-move reasons (XQ_ILLEGAL_*, 1..7) have
 *   the same numbers in Rust (Termination::code, IllegalMoveReason::code) and Python.
 *
 * Thread safety
 * - xq_game: not synchronised. Calls on one game may not overlap; distinct games may be used from
 *   distinct threads at the same time. Functions taking a const xq_game* only read it, so several
 *   threads may call them on one game at once as long as no thread modifies it meanwhile.
 * - xq_engine: xq_engine_stop() may be called from any thread at any time, also while another
 *   thread is inside xq_engine_search() on the same engine, and from the search's own info
 *   callback. A stop while no search runs has no effect on the next one. Other calls on one
 *   engine are serialised internally (a second search waits for the first), except calls made
 *   from inside the engine's own info callback: xq_engine_search() and xq_engine_new_game() on
 *   that engine return XQ_STATUS_BUSY there instead of waiting for themselves (a search of
 *   another engine may run there). The callback must not free the engine or modify the game
 *   being searched. xq_engine_free() may not overlap any other call on that engine.
 * - Sizes: a hash table above xq_engine_max_hash_mb(), or one whose memory cannot be had, gives
 *   XQ_STATUS_OUT_OF_MEMORY; time and node limits of any value are accepted and saturate.
 */

#ifndef XIANGQI_H
#define XIANGQI_H

/* This file is generated from xiangqi-ffi by cbindgen; do not edit it by hand. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * Major version of the library (from Cargo.toml; a test keeps them equal).
 */
#define XQ_VERSION_MAJOR 0

/**
 * Minor version of the library.
 */
#define XQ_VERSION_MINOR 1

/**
 * Patch version of the library.
 */
#define XQ_VERSION_PATCH 0

/**
 * Version of the C ABI: raised whenever a function, type or constant changes incompatibly.
 */
#define XQ_ABI_VERSION 2

/**
 * The most moves of a principal variation stored in an `xq_search_result`.
 */
#define XQ_MAX_PV 64

/**
 * The size of a buffer that holds any FEN `xq_game_fen` writes, the terminating NUL included:
 * 99 characters of board at most (ten ranks of at most nine, nine slashes), the side to move,
 * two `-` fields, two counters of at most ten digits and five spaces.
 */
#define XQ_MAX_FEN 128

/**
 * The most moves `xq_game_legal_moves` can ever write.
 */
#define XQ_MAX_MOVES 128

/**
 * The result of a call. 0 is success; every other value is an error with a fixed number.
 */
typedef enum {
  /**
   * Success.
   */
  XQ_STATUS_OK = 0,
  /**
   * A required pointer argument was NULL.
   */
  XQ_STATUS_NULL_ARGUMENT = 1,
  /**
   * An argument is out of range or otherwise invalid (e.g. a square above 89, an unknown enum value).
   */
  XQ_STATUS_INVALID_ARGUMENT = 2,
  /**
   * A string argument is not valid UTF-8.
   */
  XQ_STATUS_INVALID_UTF8 = 3,
  /**
   * The FEN is malformed or describes an illegal position.
   */
  XQ_STATUS_INVALID_FEN = 4,
  /**
   * The move text is not a move in the chosen notation.
   */
  XQ_STATUS_INVALID_MOVE = 5,
  /**
   * The move is not legal in the position.
   */
  XQ_STATUS_ILLEGAL_MOVE = 6,
  /**
   * The move text fits more than one legal move.
   */
  XQ_STATUS_AMBIGUOUS_MOVE = 7,
  /**
   * The output buffer is too small; the needed size was written.
   */
  XQ_STATUS_BUFFER_TOO_SMALL = 8,
  /**
   * There is no move to take back.
   */
  XQ_STATUS_NOTHING_TO_UNDO = 9,
  /**
   * The game is already over.
   */
  XQ_STATUS_GAME_OVER = 10,
  /**
   * The search found no move (the side to move has none).
   */
  XQ_STATUS_NO_MOVE = 11,
  /**
   * An internal error was caught at the boundary. Please report it.
   */
  XQ_STATUS_INTERNAL = 12,
  /**
   * A size is larger than this machine accepts, or its memory could not be allocated
   * (e.g. a hash table above `xq_engine_max_hash_mb()`). Nothing was changed.
   */
  XQ_STATUS_OUT_OF_MEMORY = 13,
  /**
   * The engine is busy with a search on this very thread: the call came from inside that
   * search's info callback. Nothing was done (`xq_engine_stop` is the one call allowed there).
   */
  XQ_STATUS_BUSY = 14,
  /**
   * A net for the learned evaluation cannot be used: the file is unreadable, not a net,
   * damaged (size or checksum) or of an architecture this build does not run. The engine
   * keeps its evaluation.
   */
  XQ_STATUS_INVALID_NET = 15,
} xq_status;

/**
 * A search engine. Owned by the caller (a Box behind the pointer) from `xq_engine_new` until
 * `xq_engine_free`. `xq_engine_stop` may be called from any thread at any time, also from the
 * info callback; other calls are serialised by an internal lock (a second search waits for the
 * first), except that a call made from inside the engine's own info callback, on the searching
 * thread, returns `XQ_STATUS_BUSY` instead of waiting for itself.
 */
typedef struct xq_engine xq_engine;

/**
 * A game: the position, the moves that led to it and the rules it is judged by. Owned by the
 * caller (a Box behind the pointer) from `xq_game_new`/`xq_game_from_fen`/`xq_game_clone` until
 * `xq_game_free`.
 */
typedef struct xq_game xq_game;

/**
 * A playing level.
 */
typedef uint32_t xq_level;

/**
 * A rule preset for game ends.
 */
typedef uint32_t xq_rules;

/**
 * Engine settings. Start from `xq_engine_options_default`.
 */
typedef struct {
  /**
   * Search threads (at least 1).
   */
  uint32_t threads;
  /**
   * Transposition table size in MiB, 1 to `xq_engine_max_hash_mb()`.
   */
  uint32_t hash_mb;
  /**
   * Playing level (`XQ_LEVEL_*`).
   */
  xq_level level;
  /**
   * Game-end rules applied inside the search (`XQ_RULES_*`).
   */
  xq_rules rules;
  /**
   * Principal variations to report (at least 1).
   */
  uint32_t multipv;
  /**
   * Seed of the weaker levels' random move choice; 0 seeds from the clock.
   */
  uint64_t seed;
} xq_engine_options;

/**
 * Which static evaluation an engine uses.
 */
typedef uint32_t xq_evaluation;

/**
 * The game a position belongs to: xiangqi, or janggi under one of Fairy-Stockfish's rule
 * sets. The numbers never change.
 */
typedef uint32_t xq_variant;

/**
 * Search limits; a field left 0 is not used. With no limit at all the search runs until
 * `xq_engine_stop` (infinite analysis).
 */
typedef struct {
  /**
   * Maximum depth in plies.
   */
  uint32_t depth;
  /**
   * Maximum nodes.
   */
  uint64_t nodes;
  /**
   * Time for this move in milliseconds.
   */
  uint64_t movetime_ms;
  /**
   * Red's remaining clock time in milliseconds (clock play needs the side to move's time).
   */
  uint64_t red_time_ms;
  /**
   * Black's remaining clock time in milliseconds.
   */
  uint64_t black_time_ms;
  /**
   * Red's increment per move in milliseconds.
   */
  uint64_t red_increment_ms;
  /**
   * Black's increment per move in milliseconds.
   */
  uint64_t black_increment_ms;
  /**
   * Moves until the next time control.
   */
  uint32_t moves_to_go;
  /**
   * Look for a mate in this many moves (0: no mate search): the search goes no deeper than
   * a mate that long needs and stops once it has found one (added in ABI version 2).
   */
  uint32_t mate;
} xq_limits;

/**
 * A move packed in 16 bits: `from | to << 7`, squares numbered 0..89 as `rank * 9 + file`
 * (a0 = 0, i0 = 8, a9 = 81, i9 = 89). 0 is no move.
 */
typedef uint16_t xq_move;

/**
 * What a search reports after each completed iteration (and each MultiPV line).
 */
typedef struct {
  /**
   * Depth completed.
   */
  uint32_t depth;
  /**
   * Deepest ply reached.
   */
  uint32_t seldepth;
  /**
   * Which principal variation this is (1 = best).
   */
  uint32_t multipv;
  /**
   * `true` when `score` is a mate distance, `false` for centipawns.
   */
  bool is_mate;
  /**
   * Centipawns from the side to move's view, or moves to mate (negative: being mated).
   */
  int32_t score;
  /**
   * Nodes searched so far.
   */
  uint64_t nodes;
  /**
   * Nodes per second.
   */
  uint64_t nps;
  /**
   * Milliseconds since the search started.
   */
  uint64_t time_ms;
  /**
   * Transposition table use in permille.
   */
  uint32_t hashfull;
  /**
   * The principal variation (valid during the callback only).
   */
  const xq_move *pv;
  /**
   * Its length.
   */
  size_t pv_len;
} xq_search_info;

/**
 * Called by `xq_engine_search`, on the searching thread, after each completed iteration.
 * `user` is the pointer given to the search.
 */
typedef void (*xq_info_callback)(const xq_search_info *info, void *user);

/**
 * The result of a search.
 */
typedef struct {
  /**
   * The move to play.
   */
  xq_move best_move;
  /**
   * The expected reply (0 when unknown).
   */
  xq_move ponder;
  /**
   * `true` when `score` is a mate distance.
   */
  bool is_mate;
  /**
   * Centipawns from the side to move's view, or moves to mate (negative: being mated).
   */
  int32_t score;
  /**
   * Depth completed.
   */
  uint32_t depth;
  /**
   * Deepest ply reached.
   */
  uint32_t seldepth;
  /**
   * Nodes searched.
   */
  uint64_t nodes;
  /**
   * Milliseconds used.
   */
  uint64_t time_ms;
  /**
   * The principal variation (its first `pv_len` moves).
   */
  xq_move pv[XQ_MAX_PV];
  /**
   * Length of `pv`.
   */
  size_t pv_len;
} xq_search_result;

/**
 * A side's janggi setup: where its horses (마) and elephants (상) start, read from its own
 * left.
 */
typedef uint32_t xq_janggi_setup;

/**
 * A side: `XQ_COLOR_RED` or `XQ_COLOR_BLACK`. The numbers are Rust's (`xiangqi_core::Color`
 * as an index); Python's `RED` is `True` and `BLACK` is `False`, as in python-chess.
 */
typedef uint32_t xq_color;

/**
 * A square number 0..89 (`rank * 9 + file`, files a..i from Red's left, ranks 0..9 from Red's side).
 */
typedef uint8_t xq_square;

/**
 * A move notation.
 */
typedef uint32_t xq_notation;

/**
 * Why a move is illegal (`XQ_ILLEGAL_NONE` for a legal move); `xq_illegal_reason_message`
 * gives the text. The numbers are `xiangqi_core::IllegalMoveReason::code()` and never change.
 */
typedef uint32_t xq_illegal_reason;

/**
 * Why a game ended (`XQ_TERMINATION_NONE` while it goes on). The numbers are
 * `xiangqi_core::Termination::code()` and Python's `Termination` values, and never change.
 */
typedef uint32_t xq_termination;

/**
 * The state of a game: over or not, why, and who won.
 */
typedef struct {
  /**
   * `true` once the game has ended.
   */
  bool is_over;
  /**
   * Why it ended (`XQ_TERMINATION_NONE` while it goes on).
   */
  xq_termination termination;
  /**
   * The winner: `XQ_COLOR_RED`, `XQ_COLOR_BLACK`, or -1 for a draw or a game that goes on.
   */
  int32_t winner;
} xq_outcome;

/**
 * A piece kind: `XQ_ROLE_GENERAL` (0) .. `XQ_ROLE_SOLDIER` (6), the numbers of
 * `xiangqi_core::Role`. Python numbers its piece types from 1, as python-chess does:
 * `xiangqi.GENERAL == XQ_ROLE_GENERAL + 1` .. `xiangqi.SOLDIER == XQ_ROLE_SOLDIER + 1`. A piece
 * is `color * 7 + role` (`xq_game_piece_at`), `xiangqi_core::Piece::index()` in Rust.
 */
typedef uint32_t xq_role;

/**
 * The format of a record buffer.
 */
typedef uint32_t xq_record_format;

/**
 * Knows the moves, drops pieces to simple tactics.
 */
#define XQ_LEVEL_BEGINNER 0

/**
 * Sees direct threats, little more.
 */
#define XQ_LEVEL_CASUAL 1

/**
 * A sound player who sometimes slips.
 */
#define XQ_LEVEL_CLUB 2

/**
 * Tactically sharp, hard to surprise.
 */
#define XQ_LEVEL_STRONG 3

/**
 * The engine at full strength.
 */
#define XQ_LEVEL_MASTER 4

/**
 * The learned evaluation with the net built into the library (the default).
 */
#define XQ_EVALUATION_NNUE 0

/**
 * The hand-written evaluation.
 */
#define XQ_EVALUATION_CLASSICAL 1

/**
 * Red, who moves first.
 */
#define XQ_COLOR_RED 0

/**
 * Black.
 */
#define XQ_COLOR_BLACK 1

/**
 * General.
 */
#define XQ_ROLE_GENERAL 0

/**
 * Advisor.
 */
#define XQ_ROLE_ADVISOR 1

/**
 * Elephant.
 */
#define XQ_ROLE_ELEPHANT 2

/**
 * Horse.
 */
#define XQ_ROLE_HORSE 3

/**
 * Chariot.
 */
#define XQ_ROLE_CHARIOT 4

/**
 * Cannon.
 */
#define XQ_ROLE_CANNON 5

/**
 * Soldier.
 */
#define XQ_ROLE_SOLDIER 6

/**
 * Third occurrence of a position draws, whatever caused it.
 */
#define XQ_RULES_CASUAL 0

/**
 * Perpetual check loses; other repetitions draw.
 */
#define XQ_RULES_SIMPLE 1

/**
 * Asian Xiangqi Federation: perpetual check and one-sided perpetual chase lose.
 */
#define XQ_RULES_AXF 2

/**
 * ICCS coordinates, ranks 0..9: `h2e2`.
 */
#define XQ_NOTATION_ICCS 0

/**
 * Coordinates with ranks 1..10 (Fairy-Stockfish's UCI dialect): `h3e3`.
 */
#define XQ_NOTATION_ICCS_ONE_BASED 1

/**
 * WXF: `C2=5`.
 */
#define XQ_NOTATION_WXF 2

/**
 * Chinese, simplified characters: `炮二平五`.
 */
#define XQ_NOTATION_CHINESE 3

/**
 * Chinese, traditional characters: `炮二平五` with 傌/俥 etc.
 */
#define XQ_NOTATION_CHINESE_TRADITIONAL 4

/**
 * Parsing only: ICCS (ranks 0..9), WXF or Chinese, whichever the text is.
 */
#define XQ_NOTATION_ANY 5

/**
 * Janggi's Korean coordinates: `79졸78`, the pass `한수쉼` (UTF-8).
 */
#define XQ_NOTATION_KOREAN 6

/**
 * Fairy-Stockfish's janggi notation: `P79-78`, `H02x83`.
 */
#define XQ_NOTATION_KOREAN_FSF 7

/**
 * Xiangqi.
 */
#define XQ_VARIANT_XIANGQI 0

/**
 * Janggi, Korean tournament rules: bikjang and counting.
 */
#define XQ_VARIANT_JANGGI 1

/**
 * Janggi: bikjang, no counting (those endings draw).
 */
#define XQ_VARIANT_JANGGI_TRADITIONAL 2

/**
 * Janggi, Kakao rules: no bikjang, counting, fourfold repetition.
 */
#define XQ_VARIANT_JANGGI_MODERN 3

/**
 * Janggi: no bikjang, no counting.
 */
#define XQ_VARIANT_JANGGI_CASUAL 4

/**
 * 마상상마: both elephants inside.
 */
#define XQ_JANGGI_SETUP_MA_SANG_SANG_MA 0

/**
 * 상마마상: both elephants outside.
 */
#define XQ_JANGGI_SETUP_SANG_MA_MA_SANG 1

/**
 * 마상마상.
 */
#define XQ_JANGGI_SETUP_MA_SANG_MA_SANG 2

/**
 * 상마상마.
 */
#define XQ_JANGGI_SETUP_SANG_MA_SANG_MA 3

/**
 * The game goes on.
 */
#define XQ_TERMINATION_NONE 0

/**
 * Checkmate.
 */
#define XQ_TERMINATION_CHECKMATE 1

/**
 * No legal move while not in check: a loss for the side to move.
 */
#define XQ_TERMINATION_STALEMATE 2

/**
 * Perpetual check (the checking side loses).
 */
#define XQ_TERMINATION_PERPETUAL_CHECK 3

/**
 * Perpetual chase (the chasing side loses; axf rules).
 */
#define XQ_TERMINATION_PERPETUAL_CHASE 4

/**
 * Repetition draw.
 */
#define XQ_TERMINATION_REPETITION 5

/**
 * No-capture limit reached: draw.
 */
#define XQ_TERMINATION_MOVE_LIMIT 6

/**
 * Neither side can mate: draw.
 */
#define XQ_TERMINATION_INSUFFICIENT_MATERIAL 7

/**
 * A side resigned.
 */
#define XQ_TERMINATION_RESIGNATION 8

/**
 * Draw by agreement.
 */
#define XQ_TERMINATION_AGREEMENT 9

/**
 * A side ran out of time (its flag fell): it loses.
 */
#define XQ_TERMINATION_TIME 10

/**
 * Janggi: the generals faced each other on two plies in a row (bikjang); counting decides, or
 * it is a draw.
 */
#define XQ_TERMINATION_BIKJANG 11

/**
 * Janggi: both sides passed in a row; counting decides, or it is a draw.
 */
#define XQ_TERMINATION_DOUBLE_PASS 12

/**
 * Janggimodern: the side that moved last shuttled one piece back and forth; it loses.
 */
#define XQ_TERMINATION_BACK_AND_FORTH 13

/**
 * The move is legal.
 */
#define XQ_ILLEGAL_NONE 0

/**
 * The point it leaves holds no piece of the side to move.
 */
#define XQ_ILLEGAL_NO_PIECE_OF_YOURS 1

/**
 * The piece cannot reach that point even on an empty board.
 */
#define XQ_ILLEGAL_NOT_HOW_IT_MOVES 2

/**
 * A piece stands in the path, on the horse's leg or on the elephant's eye.
 */
#define XQ_ILLEGAL_PATH_BLOCKED 3

/**
 * A cannon captures only by jumping exactly one piece.
 */
#define XQ_ILLEGAL_CANNON_NEEDS_SCREEN 4

/**
 * A piece of the mover's own side stands on the target point.
 */
#define XQ_ILLEGAL_OWN_PIECE_THERE 5

/**
 * The two generals would face each other on an open file.
 */
#define XQ_ILLEGAL_GENERALS_FACE 6

/**
 * The mover's general would be attacked after the move.
 */
#define XQ_ILLEGAL_LEAVES_GENERAL_ATTACKED 7

/**
 * Janggi: the game has already ended (two passes, or bikjang on two plies, in a row).
 */
#define XQ_ILLEGAL_GAME_OVER 8

/**
 * PGN, moves in ICCS, WXF or Chinese; UTF-8, UTF-16, GBK or Big5 (detected).
 */
#define XQ_RECORD_PGN 0

/**
 * XQStudio's binary XQF, every version (encrypted ones included).
 */
#define XQ_RECORD_XQF 1

/**
 * The DhtmlXQ text of web sites (any encoding, detected).
 */
#define XQ_RECORD_DHTMLXQ 2

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * The library version as text, e.g. "0.1.0" (static, never NULL).
 */
const char *xq_version(void);

/**
 * The ABI version the library was built with; compare it with `XQ_ABI_VERSION` from the header
 * to detect a header/library mismatch.
 */
uint32_t xq_abi_version(void);

/**
 * The largest `hash_mb` this machine accepts: 65536, or less when the machine (or its memory
 * limit) has less memory.
 */
uint32_t xq_engine_max_hash_mb(void);

/**
 * The name of a level (`"beginner"` .. `"master"`, as Python's `xiangqi.engine.LEVELS` and the
 * page name them), from the search crate's table; `""` for an unknown level. Static, never NULL.
 */
const char *xq_level_name(xq_level level);

/**
 * One line saying how a level plays (English), from the search crate's table; `""` for an
 * unknown level. Static, never NULL.
 */
const char *xq_level_description(xq_level level);

/**
 * The time a level thinks per move when a game has no clock, in milliseconds (the search
 * crate's `Level::think_time`, which the page and the terminal game use); 0 for an unknown
 * level.
 */
uint32_t xq_level_think_ms(xq_level level);

/**
 * The default options: 1 thread, 64 MiB, Master, axf rules (the library default), one line,
 * clock seed.
 *
 * # Safety
 * `out` must be NULL or valid for a write.
 */
xq_status xq_engine_options_default(xq_engine_options *out);

/**
 * A new engine. `options` NULL means the defaults. Out-of-range thread and multipv numbers are
 * clamped (a hash of 0 counts as 1); an unknown level or rules value gives
 * `XQ_STATUS_INVALID_ARGUMENT`; a `hash_mb` above `xq_engine_max_hash_mb()`, or one whose memory
 * cannot be allocated, gives `XQ_STATUS_OUT_OF_MEMORY` (and no engine).
 *
 * # Safety
 * `options` NULL or valid for a read; `out` NULL or valid for a write.
 */
xq_status xq_engine_new(const xq_engine_options *options, xq_engine **out);

/**
 * Frees an engine. NULL is harmless. No search may be running on it.
 *
 * # Safety
 * `engine` must be NULL or a pointer from `xq_engine_new` not freed yet.
 */
void xq_engine_free(xq_engine *engine);

/**
 * Forgets what the engine learned (hash table, histories): call it between games.
 * `XQ_STATUS_BUSY` when called from inside this engine's info callback.
 *
 * # Safety
 * `engine` NULL or live.
 */
xq_status xq_engine_new_game(const xq_engine *engine);

/**
 * Sets the engine's evaluation (`XQ_EVALUATION_*`); the hash table is cleared.
 * `XQ_STATUS_INVALID_ARGUMENT` for an unknown value, `XQ_STATUS_BUSY` from inside this
 * engine's info callback.
 *
 * # Safety
 * `engine` NULL or live.
 */
xq_status xq_engine_set_evaluation(const xq_engine *engine, xq_evaluation evaluation);

/**
 * Makes the engine evaluate with the net in `bytes[0..len]` (a net file's contents, copied)
 * for the game the net's header names; the other game's net is kept.
 * `XQ_STATUS_INVALID_NET` when it is not a usable net (the engine keeps its evaluation).
 *
 * # Safety
 * `engine` NULL or live; `bytes` NULL or valid for `len` bytes.
 */
xq_status xq_engine_load_net(const xq_engine *engine, const uint8_t *bytes, size_t len);

/**
 * Makes the engine evaluate with the net file at `path` (UTF-8) for the game the net's header
 * names; the other game's net is kept. `XQ_STATUS_INVALID_NET` when the file cannot be read
 * or is not a usable net (the engine keeps its evaluation).
 *
 * # Safety
 * `engine` NULL or live; `path` NULL or a NUL-terminated string.
 */
xq_status xq_engine_load_net_file(const xq_engine *engine, const char *path);

/**
 * Like `xq_engine_load_net_file` for a net meant for `variant`'s game (an `XQ_VARIANT_*`
 * value): a net of the other game is refused too, with `XQ_STATUS_INVALID_NET`.
 * `XQ_STATUS_INVALID_ARGUMENT` for an unknown variant.
 *
 * # Safety
 * `engine` NULL or live; `path` NULL or a NUL-terminated string.
 */
xq_status xq_engine_load_net_file_for(const xq_engine *engine, const char *path, xq_variant variant);

/**
 * Asks a running search on this engine to stop (it returns its best move so far). Callable
 * from any thread at any time, also from the search's info callback. A stop raised while no
 * search runs has no effect: it does not shorten the next search.
 *
 * # Safety
 * `engine` NULL or live.
 */
xq_status xq_engine_stop(const xq_engine *engine);

/**
 * Searches the game's current position (its moves give the repetition history) within
 * `limits` (NULL: until stopped). `callback` (may be NULL) receives progress with `user`.
 * `XQ_STATUS_NO_MOVE` when the side to move has no legal move. Called from inside this
 * engine's own info callback it returns `XQ_STATUS_BUSY` at once (a search of another engine
 * may run there). Limits of any size are accepted: huge times saturate, they never wrap.
 *
 * # Safety
 * `engine` and `game` NULL or live (the game not modified during the search); `limits` NULL or
 * valid; `callback` NULL or a function safe to call with the given `user`; `out` NULL or valid
 * for a write.
 */
xq_status xq_engine_search(const xq_engine *engine, const xq_game *game, const xq_limits *limits, xq_info_callback callback, void *user, xq_search_result *out);

/**
 * Checks that a move value is well formed (both squares below 90).
 */
bool xq_move_is_valid(xq_move mv);

/**
 * A new game from the start position under `rules` (an `XQ_RULES_*` value).
 *
 * # Safety
 * `out` must be NULL or valid for a write.
 */
xq_status xq_game_new(xq_rules rules, xq_game **out);

/**
 * A new game of `variant` (an `XQ_VARIANT_*` value) under the variant's own rules, from a FEN
 * (NUL-terminated, read in that variant) or, with `fen` NULL, from the variant's start. A
 * malformed or illegal FEN gives `XQ_STATUS_INVALID_FEN`.
 *
 * # Safety
 * `fen` must be NULL or a NUL-terminated string; `out` NULL or valid for a write.
 */
xq_status xq_game_new_variant(xq_variant variant, const char *fen, xq_game **out);

/**
 * A new janggi game (Korean tournament rules) from the setups the two sides chose
 * (`XQ_JANGGI_SETUP_*` values).
 *
 * # Safety
 * `out` must be NULL or valid for a write.
 */
xq_status xq_game_new_janggi(xq_janggi_setup cho, xq_janggi_setup han, xq_game **out);

/**
 * The game's variant (an `XQ_VARIANT_*` value).
 *
 * # Safety
 * `game` must be NULL or a live game; `out` NULL or valid for a write.
 */
xq_status xq_game_variant(const xq_game *game, xq_variant *out);

/**
 * The pass of the current position (janggi: the general's point twice); play it with
 * `xq_game_play`, which refuses it where it is illegal (in check, in xiangqi).
 *
 * # Safety
 * `game` must be NULL or a live game; `out` NULL or valid for a write.
 */
xq_status xq_game_pass_move(const xq_game *game, xq_move *out);

/**
 * A new game from a FEN (NUL-terminated) under `rules`. A malformed or illegal FEN gives
 * `XQ_STATUS_INVALID_FEN`; `xq_fen_error` explains why.
 *
 * # Safety
 * `fen` must be NULL or a NUL-terminated string; `out` NULL or valid for a write.
 */
xq_status xq_game_from_fen(const char *fen, xq_rules rules, xq_game **out);

/**
 * Explains why a FEN is rejected (which field, which rank, why) into `buf`; writes an empty
 * string for a valid FEN.
 *
 * # Safety
 * `fen` must be NULL or NUL-terminated; `buf` NULL or valid for `len` bytes; `needed` NULL or
 * valid for a write.
 */
xq_status xq_fen_error(const char *fen, char *buf, size_t len, size_t *needed);

/**
 * Frees a game. NULL is harmless.
 *
 * # Safety
 * `game` must be NULL or a pointer from a game constructor that was not freed yet.
 */
void xq_game_free(xq_game *game);

/**
 * A copy of a game (position, moves and rules), to be freed separately.
 *
 * # Safety
 * `game` must be NULL or a live game; `out` NULL or valid for a write.
 */
xq_status xq_game_clone(const xq_game *game, xq_game **out);

/**
 * The FEN of the current position into `buf` (see the string conventions at the top).
 *
 * # Safety
 * `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
 */
xq_status xq_game_fen(const xq_game *game, char *buf, size_t len, size_t *needed);

/**
 * The side to move (`XQ_COLOR_RED` or `XQ_COLOR_BLACK`).
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_turn(const xq_game *game, xq_color *out);

/**
 * The piece on `square`: `*out` receives -1 for an empty point, else `color * 7 + role`
 * (`XQ_COLOR_*`, `XQ_ROLE_*`).
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_piece_at(const xq_game *game, xq_square square, int32_t *out);

/**
 * The legal moves of the current position into `moves` (room for `capacity` moves; 128 is
 * always enough), their number into `count`. When `capacity` is too small, nothing is written
 * to `moves`, `*count` receives the number needed and the status is `XQ_STATUS_BUFFER_TOO_SMALL`.
 *
 * # Safety
 * `game` NULL or live; `moves` NULL or valid for `capacity` writes; `count` NULL or valid.
 */
xq_status xq_game_legal_moves(const xq_game *game, xq_move *moves, size_t capacity, size_t *count);

/**
 * Plays a move. `XQ_STATUS_ILLEGAL_MOVE` when it is not legal, `XQ_STATUS_GAME_OVER` when the
 * game has already ended (checkmate, repetition ruling, ...).
 *
 * # Safety
 * `game` NULL or live and not used by another thread meanwhile.
 */
xq_status xq_game_play(xq_game *game, xq_move mv);

/**
 * Parses move text (NUL-terminated UTF-8) in `notation` (`XQ_NOTATION_ANY` accepts ICCS, WXF
 * or Chinese) against the current position.
 *
 * # Safety
 * `game` NULL or live; `text` NULL or NUL-terminated; `out` NULL or valid for a write.
 */
xq_status xq_game_parse_move(const xq_game *game, const char *text, xq_notation notation, xq_move *out);

/**
 * Parses and plays a move text in one step.
 *
 * # Safety
 * `game` NULL or live and unshared; `text` NULL or NUL-terminated.
 */
xq_status xq_game_play_text(xq_game *game, const char *text, xq_notation notation);

/**
 * Why `mv` is illegal in the current position: `*out` receives an `XQ_ILLEGAL_*` reason, or
 * `XQ_ILLEGAL_NONE` when the move is legal. Any move value with squares 0..89 may be asked
 * about (`XQ_STATUS_INVALID_ARGUMENT` otherwise).
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_illegal_reason(const xq_game *game, xq_move mv, xq_illegal_reason *out);

/**
 * The text of an illegal-move reason, as a player reads it ("the path is blocked", ...): a
 * static NUL-terminated string, never NULL. `XQ_ILLEGAL_NONE` gives "legal", unknown numbers
 * "unknown reason".
 */
const char *xq_illegal_reason_message(xq_illegal_reason reason);

/**
 * Explains why a move text is refused in the current position (for `xq_game_parse_move` and
 * `xq_game_play_text`), into `buf`: for example `illegal move "h0h2": that piece does not move
 * so`, or `invalid move "x": ...`. Writes an empty string when the text is a legal move.
 *
 * # Safety
 * `game` NULL or live; `text` NULL or NUL-terminated; `buf` NULL or valid for `len` bytes;
 * `needed` NULL or valid for a write.
 */
xq_status xq_game_move_error(const xq_game *game, const char *text, xq_notation notation, char *buf, size_t len, size_t *needed);

/**
 * Writes a legal move of the current position in `notation` into `buf` (`XQ_NOTATION_ANY` is
 * not a writing notation).
 *
 * # Safety
 * `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
 */
xq_status xq_game_format_move(const xq_game *game, xq_move mv, xq_notation notation, char *buf, size_t len, size_t *needed);

/**
 * Takes back the last move. `XQ_STATUS_NOTHING_TO_UNDO` at the start.
 *
 * # Safety
 * `game` NULL or live and unshared.
 */
xq_status xq_game_undo(xq_game *game);

/**
 * How many plies have been played.
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_ply(const xq_game *game, size_t *out);

/**
 * Whether the side to move is in check.
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_is_check(const xq_game *game, bool *out);

/**
 * Changes the rules the game is judged by.
 *
 * # Safety
 * `game` NULL or live and unshared.
 */
xq_status xq_game_set_rules(xq_game *game, xq_rules rules);

/**
 * Whether the game is over, why, and who won, under the game's rules.
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_outcome(const xq_game *game, xq_outcome *out);

/**
 * Whether janggi counting decided the game's result (core's `Outcome::counted`): `true` only
 * for a game that is over, under rules that count, by an ending left to counting (bikjang, two
 * passes, a repetition without a perpetual checker, the move limit); `false` while the game
 * goes on and for every xiangqi game.
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_outcome_counted(const xq_game *game, bool *out);

/**
 * The outcome explained in words (the rule, the side, a chased piece and the cycle for
 * repetition rulings); an empty string while the game goes on.
 *
 * # Safety
 * `game` NULL or live; `buf` NULL or valid for `len` bytes; `needed` NULL or valid for a write.
 */
xq_status xq_game_outcome_text(const xq_game *game, char *buf, size_t len, size_t *needed);

/**
 * `color` resigns: the other side wins (`XQ_TERMINATION_RESIGNATION`). `XQ_STATUS_GAME_OVER`
 * when the game has already ended; taking back the move before the resignation withdraws it.
 *
 * # Safety
 * `game` NULL or live and unshared.
 */
xq_status xq_game_resign(xq_game *game, xq_color color);

/**
 * The players agree a draw (`XQ_TERMINATION_AGREEMENT`); `XQ_STATUS_GAME_OVER` when the game
 * has already ended.
 *
 * # Safety
 * `game` NULL or live and unshared.
 */
xq_status xq_game_agree_draw(xq_game *game);

/**
 * `color` ran out of time: the other side wins (`XQ_TERMINATION_TIME`); `XQ_STATUS_GAME_OVER`
 * when the game has already ended.
 *
 * # Safety
 * `game` NULL or live and unshared.
 */
xq_status xq_game_flag(xq_game *game, xq_color color);

/**
 * The name of a termination code (`"checkmate"`, `"perpetual check"`, ...), from the core's
 * table; `""` for `XQ_TERMINATION_NONE` and unknown codes. Static, never NULL.
 */
const char *xq_termination_name(xq_termination termination);

/**
 * The conventional value of a piece kind in centipawns (`XQ_ROLE_SOLDIER` 100, advisor and
 * elephant 200, horse and cannon 450, chariot 1000, general 0), from the core's table; -1 for
 * an unknown role.
 */
int32_t xq_role_value(xq_role role);

/**
 * Perft: the number of leaf nodes `depth` plies below the current position (depth at most 8).
 *
 * # Safety
 * `game` NULL or live; `out` NULL or valid for a write.
 */
xq_status xq_game_perft(const xq_game *game, uint32_t depth, uint64_t *out);

/**
 * Makes a move from two squares (0..89). `XQ_STATUS_INVALID_ARGUMENT` for a square above 89.
 *
 * # Safety
 * `out` NULL or valid for a write.
 */
xq_status xq_move_new(xq_square from, xq_square to, xq_move *out);

/**
 * The square a move leaves (the low 7 bits).
 */
xq_square xq_move_from(xq_move mv);

/**
 * The square a move arrives on.
 */
xq_square xq_move_to(xq_move mv);

/**
 * A game from the main line of the first record in `data` (`len` bytes, in `format`, an
 * `XQ_RECORD_*` value), judged by `rules`. A record that cannot be read gives
 * `XQ_STATUS_INVALID_ARGUMENT`; `xq_record_error` explains why.
 *
 * # Safety
 * `data` must be valid for reads of `len` bytes (NULL only when `len` is 0); `out` NULL or
 * valid for a write.
 */
xq_status xq_game_from_record(const uint8_t *data, size_t len, xq_record_format format, xq_rules rules, xq_game **out);

/**
 * Explains why the first record of `data` cannot be read into `buf` (an empty string when it
 * can), with line and column for PGN.
 *
 * # Safety
 * `data` as for `xq_game_from_record`; `buf` NULL or valid for `buf_len` bytes; `needed` NULL
 * or valid for a write.
 */
xq_status xq_record_error(const uint8_t *data, size_t len, xq_record_format format, char *buf, size_t buf_len, size_t *needed);

/**
 * The text of a status code: a static NUL-terminated string, never NULL. Unknown numbers give
 * "unknown status".
 */
const char *xq_status_message(int32_t status);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* XIANGQI_H */
