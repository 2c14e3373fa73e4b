//! Where a learning environment's games start: the positions given, xiangqi's start position,
//! or janggi's sixteen setups (Cho's and Han's four arrangements each).

use std::fmt;
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{FenError, Position, Variant};

/// Which janggi setups the games start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup<'a> {
    /// A name: `"random"` (each game draws one of the sixteen setups at each start) is the only
    /// one.
    Named(&'a str),
    /// Cho's and Han's arrangement names (`"masangsangma"`, `"마상상마"`, ...), for every game.
    Pair(&'a str, &'a str),
}

/// Why no start positions could be made.
#[derive(Clone, Debug, PartialEq)]
pub enum StartError {
    /// Both positions and a setup were given.
    PositionsAndSetup,
    /// An empty list of positions was given.
    NoPositions,
    /// A setup was given for xiangqi.
    SetupForXiangqi,
    /// A setup name other than `"random"`.
    UnknownSetup(String),
    /// An arrangement name janggi does not have (the parser's message).
    Arrangement(String),
    /// The setup's position does not fit the variant (core's message).
    Variant(String),
    /// A position given as FEN could not be read.
    Fen(FenError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::PositionsAndSetup => f.write_str(
                "give start positions (fen) or a setup, not both: positions replace the janggi \
                 setups",
            ),
            StartError::NoPositions => f.write_str("fens must not be empty"),
            StartError::SetupForXiangqi => f.write_str(
                "setup is for janggi (variant=\"janggi\", ...): xiangqi has one start position",
            ),
            StartError::UnknownSetup(name) => write!(
                f,
                "setup must be \"random\" or a (cho, han) pair of arrangements, not {name:?}"
            ),
            StartError::Arrangement(message) | StartError::Variant(message) => f.write_str(message),
            StartError::Fen(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// The start position of a `variant` janggi game with Cho's and Han's arrangements.
pub fn janggi_start(
    cho: Arrangement,
    han: Arrangement,
    variant: Variant,
) -> Result<Position, StartError> {
    Position::janggi_start(cho, han)
        .with_variant(variant)
        .map_err(|e| StartError::Variant(e.to_string()))
}

/// Janggi's sixteen setups, Cho's arrangement major, as `variant` games.
pub fn janggi_setups(variant: Variant) -> Result<Vec<Position>, StartError> {
    let mut starts = Vec::with_capacity(16);
    for cho in Arrangement::ALL {
        for han in Arrangement::ALL {
            starts.push(janggi_start(cho, han, variant)?);
        }
    }
    Ok(starts)
}

/// The positions the games of a `variant` environment start from, one drawn for each game:
/// `fens` when given, else xiangqi's start position or janggi's setups (`setup`: `None` or
/// `"random"` for the sixteen, or one `(cho, han)` pair).
pub fn start_positions(
    variant: Variant,
    fens: Option<&[String]>,
    setup: Option<Setup<'_>>,
) -> Result<Vec<Position>, StartError> {
    match (fens, setup) {
        (Some(_), Some(_)) => Err(StartError::PositionsAndSetup),
        (Some([]), None) => Err(StartError::NoPositions),
        (Some(fens), None) => fens
            .iter()
            .map(|f| Position::from_fen_variant(f, variant).map_err(StartError::Fen))
            .collect(),
        (None, None) if !variant.is_janggi() => Ok(vec![Position::startpos()]),
        (None, Some(_)) if !variant.is_janggi() => Err(StartError::SetupForXiangqi),
        (None, None) | (None, Some(Setup::Named("random"))) => janggi_setups(variant),
        (None, Some(Setup::Named(name))) => Err(StartError::UnknownSetup(name.to_string())),
        (None, Some(Setup::Pair(cho, han))) => {
            let parse = |name: &str| {
                name.parse::<Arrangement>()
                    .map_err(|e| StartError::Arrangement(e.to_string()))
            };
            Ok(vec![janggi_start(parse(cho)?, parse(han)?, variant)?])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_starts_from_the_standard_position() {
        let starts = start_positions(Variant::Xiangqi, None, None).unwrap();
        assert_eq!(starts.len(), 1);
        assert_eq!(starts[0].fen(), xiangqi_core::STARTING_FEN);
    }

    #[test]
    fn janggi_has_sixteen_distinct_setups_of_the_variant() {
        for variant in [
            Variant::Janggi,
            Variant::JanggiModern,
            Variant::JanggiCasual,
        ] {
            let starts = start_positions(variant, None, Some(Setup::Named("random"))).unwrap();
            assert_eq!(starts.len(), 16);
            let fens: std::collections::HashSet<String> = starts.iter().map(|p| p.fen()).collect();
            assert_eq!(fens.len(), 16);
            assert!(starts.iter().all(|p| p.variant() == variant));
        }
    }

    #[test]
    fn bad_arguments_are_typed_errors() {
        let fens = vec!["9/9/9 w".to_string()];
        assert!(matches!(
            start_positions(Variant::Xiangqi, Some(&fens), None),
            Err(StartError::Fen(_))
        ));
        assert_eq!(
            start_positions(Variant::Xiangqi, Some(&[]), None),
            Err(StartError::NoPositions)
        );
        assert_eq!(
            start_positions(Variant::Xiangqi, None, Some(Setup::Named("random"))),
            Err(StartError::SetupForXiangqi)
        );
        assert_eq!(
            start_positions(Variant::Janggi, Some(&fens), Some(Setup::Named("random"))),
            Err(StartError::PositionsAndSetup)
        );
        assert!(matches!(
            start_positions(
                Variant::Janggi,
                None,
                Some(Setup::Pair("masangsangma", "nope"))
            ),
            Err(StartError::Arrangement(_))
        ));
        assert!(matches!(
            start_positions(Variant::Janggi, None, Some(Setup::Named("all"))),
            Err(StartError::UnknownSetup(_))
        ));
    }
}
