//! What the rules cost a game driver such as the RL environment: plays seeded random games with
//! [`Game`] the way `VecEnv` steps them (list the legal moves, push a random one, ask for the
//! outcome) under the rules named on the command line, and prints the plies played and how the
//! games ended. Run it twice, under `casual` and `axf`, with the same seed: the games are the
//! same until a rule ends one differently, and the difference in instructions
//! (`valgrind --tool=callgrind`, stable on a busy machine where seconds are not) is the price of
//! the rules. See docs/speed.md.
//!
//! ```text
//! cargo run --release -p xiangqi-core --example rules_cost -- [rules] [games] [max plies] [seed]
//! ```

use std::collections::BTreeMap;
use std::time::Instant;
use xiangqi_core::{Game, MoveList, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules_name = args.first().map_or("axf", String::as_str);
    let rules = match Rules::from_name(rules_name) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("rules_cost: {e}");
            std::process::exit(2);
        }
    };
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("rules_cost: not a number: {s}");
                std::process::exit(2)
            })
        })
    };
    let games = number(1, 2000);
    let max_plies = number(2, 200) as usize;
    let mut rng = fastrand::Rng::with_seed(number(3, 1));

    let started = Instant::now();
    let mut plies = 0u64;
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    let mut legal = MoveList::new();
    for _ in 0..games {
        let mut game = Game::new(Position::startpos(), rules);
        legal.clear();
        game.position().legal_moves_into(&mut legal);
        let ending = loop {
            if game.ply() >= max_plies {
                break "ply limit".to_string();
            }
            let m = legal[rng.usize(..legal.len())];
            game.push_unchecked(m);
            plies += 1;
            legal.clear();
            game.position().legal_moves_into(&mut legal);
            if let Some(outcome) = game.outcome() {
                break format!("{:?}", outcome.termination);
            }
        };
        *endings.entry(ending).or_default() += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "rules {rules}: {games} games, {plies} plies, {:.0} plies/s",
        plies as f64 / seconds
    );
    for (ending, count) in &endings {
        println!("  {ending:20} {count}");
    }
}
