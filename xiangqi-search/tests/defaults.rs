//! One default rule preset: the engine's options take the library's, `axf`, while the bench
//! pins its own (`simple`) so its node count moves only with the search.

use xiangqi_core::Rules;
use xiangqi_search::EngineOptions;

#[test]
fn the_engine_defaults_to_axf() {
    assert_eq!(Rules::default(), Rules::axf());
    assert_eq!(EngineOptions::default().rules, Rules::axf());
}
