// A C++17 program over xiangqi.h: RAII wrappers for the handles and a short engine-vs-engine
// game (two levels, node-limited so it is quick), adjudicated by the library.
#include "xiangqi.h"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace xq {

struct Error : std::runtime_error {
    xq_status status;
    explicit Error(xq_status s) : std::runtime_error(xq_status_message(static_cast<int>(s))), status(s) {}
};

inline void check(xq_status s) {
    if (s != XQ_STATUS_OK) throw Error(s);
}

struct GameDeleter {
    void operator()(xq_game *g) const noexcept { xq_game_free(g); }
};
struct EngineDeleter {
    void operator()(xq_engine *e) const noexcept { xq_engine_free(e); }
};

class Game {
  public:
    explicit Game(xq_rules rules = XQ_RULES_AXF) {
        xq_game *raw = nullptr;
        check(xq_game_new(rules, &raw));
        handle_.reset(raw);
    }
    void play(xq_move m) { check(xq_game_play(handle_.get(), m)); }
    std::string format(xq_move m, xq_notation n) const {
        std::vector<char> buf(16);
        size_t needed = 0;
        xq_status s = xq_game_format_move(handle_.get(), m, n, buf.data(), buf.size(), &needed);
        if (s == XQ_STATUS_BUFFER_TOO_SMALL) {
            buf.resize(needed);
            s = xq_game_format_move(handle_.get(), m, n, buf.data(), buf.size(), &needed);
        }
        check(s);
        return std::string(buf.data());
    }
    std::string fen() const {
        std::vector<char> buf(128);
        size_t needed = 0;
        check(xq_game_fen(handle_.get(), buf.data(), buf.size(), &needed));
        return std::string(buf.data());
    }
    xq_outcome outcome() const {
        xq_outcome o{};
        check(xq_game_outcome(handle_.get(), &o));
        return o;
    }
    std::vector<xq_move> legal_moves() const {
        std::vector<xq_move> moves(XQ_MAX_MOVES);
        size_t count = 0;
        check(xq_game_legal_moves(handle_.get(), moves.data(), moves.size(), &count));
        moves.resize(count);
        return moves;
    }
    const xq_game *get() const { return handle_.get(); }

  private:
    std::unique_ptr<xq_game, GameDeleter> handle_;
};

class Engine {
  public:
    explicit Engine(xq_level level, uint64_t seed) {
        xq_engine_options options{};
        check(xq_engine_options_default(&options));
        options.level = level;
        options.hash_mb = 8;
        options.seed = seed;
        xq_engine *raw = nullptr;
        check(xq_engine_new(&options, &raw));
        handle_.reset(raw);
    }
    xq_search_result search(const Game &game, uint64_t nodes) const {
        xq_limits limits{};
        limits.nodes = nodes;
        xq_search_result result{};
        check(xq_engine_search(handle_.get(), game.get(), &limits, nullptr, nullptr, &result));
        return result;
    }

  private:
    std::unique_ptr<xq_engine, EngineDeleter> handle_;
};

}  // namespace xq

int main() {
    try {
        xq::Game game(XQ_RULES_AXF);
        xq::Engine red(XQ_LEVEL_MASTER, 1), black(XQ_LEVEL_CLUB, 2);
        int plies = 0;
        for (; plies < 40 && !game.outcome().is_over; plies++) {
            const xq::Engine &side = plies % 2 == 0 ? red : black;
            xq_search_result r = side.search(game, 5000);
            bool legal = false;
            for (xq_move m : game.legal_moves()) legal = legal || m == r.best_move;
            if (!legal) {
                std::fprintf(stderr, "engine returned an illegal move\n");
                return 1;
            }
            std::string wxf = game.format(r.best_move, XQ_NOTATION_WXF);
            std::printf("%s%s", plies % 2 == 0 ? (std::to_string(plies / 2 + 1) + ". ").c_str() : "", wxf.c_str());
            std::printf(plies % 2 == 0 ? " " : "\n");
            game.play(r.best_move);
        }
        std::printf("\nafter %d plies: %s\n", plies, game.fen().c_str());
        // Errors surface as exceptions carrying the status.
        try {
            game.play(0xffff);
            std::fprintf(stderr, "an invalid move was accepted\n");
            return 1;
        } catch (const xq::Error &e) {
            if (e.status != XQ_STATUS_INVALID_ARGUMENT && e.status != XQ_STATUS_GAME_OVER) return 1;
        }
        std::printf("example_match: ok\n");
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
