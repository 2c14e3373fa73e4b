//! The quantized net and its file format.
//!
//! Architecture 1: `(FEATURES -> H) x 2 -> 1`. Each side's view goes through the same first
//! layer into an accumulator of `H` int16 values; the side to move's accumulator comes first,
//! then the other's; each value is clipped to `0..=QA` and squared (SCReLU) and the `2H`
//! results are weighed by the output layer:
//!
//! ```text
//! eval = (sum(screlu(acc) * w2) / QA + b2) * SCALE / (QA * QB)      centipawns, side to move
//! ```
//!
//! Architecture 2 is the same with [`OUTPUT_BUCKETS`] output layers, one chosen by the number
//! of pieces on the board (see [`Network::bucket`]): an opening and an ending weigh the same
//! accumulators differently, at the cost of one more index.
//!
//! Architecture 3 is architecture 2 whose views see the board through their own general: the
//! first layer has [`GENERAL_BUCKETS`] blocks of [`FEATURES`] inputs and each view takes its
//! block from where its general stands (see [`ViewKey`]), so a piece's worth can depend on the
//! general's shelter. A general's move refreshes its own view.
//!
//! The file (all little-endian):
//!
//! ```text
//! [u8; 8]  magic "XQNNUE\0\x02"          (the last byte is the format version)
//! u32      architecture id (1, 2 or 3)
//! u32      the game the net evaluates (0 xiangqi, 1 janggi; version 1 files lack this
//!          field and are xiangqi nets)
//! u32      H, the accumulator size (a multiple of 16, 16..=1024)
//! u32 x 3  QA, QB, SCALE
//! [u8; 32] a description (UTF-8, NUL padded)
//! i16      w1[I][H], b1[H], w2[B][2H]     (B = 1 in architecture 1, 8 in 2 and 3;
//!                                         I = FEATURES, GENERAL_BUCKETS x FEATURES in 3)
//! i32      b2[B]
//! u32      FNV-1a of every byte before it
//! ```
//!
//! A file is checked before it is used: magic, version, architecture, sizes, checksum, and that
//! no accumulator or output sum can overflow.

use crate::features::{ViewKey, FEATURES, GENERAL_BUCKETS};
use core::fmt;
use xiangqi_core::{Color, Square};

/// The first bytes of a net file (the last is the format version written).
pub const MAGIC: &[u8; 8] = b"XQNNUE\0\x02";
/// The architecture with one output layer.
pub const ARCHITECTURE: u32 = 1;
/// The architecture with [`OUTPUT_BUCKETS`] output layers chosen by the pieces on the board.
pub const ARCHITECTURE_BUCKETS: u32 = 2;
/// [`ARCHITECTURE_BUCKETS`] whose views see the board through their general: the first layer
/// has [`GENERAL_BUCKETS`] blocks of inputs.
pub const ARCHITECTURE_GENERALS: u32 = 3;
/// Output layers of [`ARCHITECTURE_BUCKETS`] and [`ARCHITECTURE_GENERALS`].
pub const OUTPUT_BUCKETS: usize = 8;
/// Most pieces on the board: the largest number of active inputs of one view.
pub const MAX_ACTIVE: i32 = 32;

/// The header's size in a file of format `version` (1 or 2).
const fn header_size(version: u8) -> usize {
    if version == 1 {
        8 + 4 * 5 + 32
    } else {
        8 + 4 * 6 + 32
    }
}

/// The output layer of a net with `buckets` layers (1 or [`OUTPUT_BUCKETS`]) for a position
/// with `pieces` pieces: the layers share the range 2..=32 in steps of four.
#[inline]
pub fn output_bucket(buckets: usize, pieces: u32) -> usize {
    if buckets == 1 {
        0
    } else {
        (pieces.saturating_sub(2) as usize / 4).min(OUTPUT_BUCKETS - 1)
    }
}

/// The game a net evaluates. Both games use the same inputs (a piece on a point, as each side
/// sees the board), but what the inputs are worth differs, so a net serves one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NetGame {
    /// Xiangqi (Chinese chess).
    #[default]
    Xiangqi = 0,
    /// Janggi (Korean chess), under any of its rule sets.
    Janggi = 1,
}

impl NetGame {
    /// The game of positions of `variant`.
    pub fn of(variant: xiangqi_core::Variant) -> NetGame {
        if variant.is_janggi() {
            NetGame::Janggi
        } else {
            NetGame::Xiangqi
        }
    }

    /// `xiangqi` or `janggi`.
    pub fn name(self) -> &'static str {
        match self {
            NetGame::Xiangqi => "xiangqi",
            NetGame::Janggi => "janggi",
        }
    }

    fn from_code(code: u32) -> Option<NetGame> {
        match code {
            0 => Some(NetGame::Xiangqi),
            1 => Some(NetGame::Janggi),
            _ => None,
        }
    }
}

impl fmt::Display for NetGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with the net magic.
    NotANet,
    /// A version of the format this build cannot read.
    Version(u8),
    /// An architecture this build cannot run.
    Architecture(u32),
    /// The file's size does not match its header (it was cut short or has extra bytes).
    Size {
        /// The size the header implies.
        expected: usize,
        /// The file's size.
        actual: usize,
    },
    /// A header field is out of range: which.
    Header(&'static str),
    /// The checksum does not match (the file is damaged).
    Checksum,
    /// The weights could overflow the integer inference.
    OutOfRange(&'static str),
    /// A sound net of another game than the one it was loaded for.
    Game {
        /// The game the net was loaded for.
        expected: NetGame,
        /// The game its header names.
        found: NetGame,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a net file (no XQNNUE magic)"),
            NetError::Version(v) => {
                write!(
                    f,
                    "net file version {v} (this build reads versions 1 and 2)"
                )
            }
            NetError::Architecture(a) => {
                write!(
                    f,
                    "net architecture {a} (this build runs architectures {ARCHITECTURE} to {ARCHITECTURE_GENERALS})"
                )
            }
            NetError::Size { expected, actual } => write!(
                f,
                "net file has {actual} bytes, its header says {expected} (cut short or damaged)"
            ),
            NetError::Header(what) => write!(f, "net file header: {what}"),
            NetError::Checksum => write!(f, "net file checksum does not match (damaged)"),
            NetError::OutOfRange(what) => write!(f, "net weights out of range: {what}"),
            NetError::Game { expected, found } => {
                write!(f, "a {found} net, not a {expected} one")
            }
        }
    }
}

impl std::error::Error for NetError {}

/// A quantized net, checked and ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    game: NetGame,
    hidden: usize,
    qa: i32,
    qb: i32,
    scale: i32,
    description: String,
    /// The views see the board through their general (architecture 3).
    generals: bool,
    /// `FEATURES x hidden` (or `GENERAL_BUCKETS x FEATURES x hidden`), one row per input.
    pub(crate) w1: Vec<i16>,
    pub(crate) b1: Vec<i16>,
    /// The side to move's half first.
    pub(crate) w2: Vec<i16>,
    /// One bias per output layer.
    pub(crate) b2: Vec<i32>,
    checksum: u32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("game", &self.game)
            .field("hidden", &self.hidden)
            .field("description", &self.description)
            .field("checksum", &format_args!("{:08x}", self.checksum))
            .finish()
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The raw parts of a net, for the trainer's quantizer and for tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetParts {
    /// The game the net evaluates.
    pub game: NetGame,
    /// Accumulator size.
    pub hidden: usize,
    /// The accumulator's scale (1.0 is `qa`) and SCReLU's ceiling.
    pub qa: i32,
    /// The output weights' scale.
    pub qb: i32,
    /// Centipawns per unit of the net's output.
    pub scale: i32,
    /// A description, at most 32 bytes of UTF-8.
    pub description: String,
    /// First-layer weights, one row per input: `FEATURES x hidden`, or
    /// `GENERAL_BUCKETS x FEATURES x hidden` for a net whose views see the board through their
    /// general (architecture 3, which has [`OUTPUT_BUCKETS`] output layers).
    pub w1: Vec<i16>,
    /// First-layer biases.
    pub b1: Vec<i16>,
    /// Output weights, `2 * hidden` per output layer, the side to move's half first.
    pub w2: Vec<i16>,
    /// Output biases at scale `qa * qb`, one per output layer: 1 (architecture 1) or
    /// [`OUTPUT_BUCKETS`] (architecture 2).
    pub b2: Vec<i32>,
}

impl Network {
    /// A net from its parts, checked as a file would be.
    pub fn from_parts(parts: NetParts) -> Result<Network, NetError> {
        Network::from_bytes(&Network::encode(&parts))
    }

    /// The file bytes of a net's parts.
    ///
    /// # Panics
    /// When the parts' lengths do not match `hidden`.
    pub fn encode(parts: &NetParts) -> Vec<u8> {
        let h = parts.hidden;
        let generals = parts.w1.len() == GENERAL_BUCKETS * FEATURES * h;
        assert!(generals || parts.w1.len() == FEATURES * h);
        assert_eq!(parts.b1.len(), h);
        let buckets = parts.b2.len();
        assert!(buckets == 1 || buckets == OUTPUT_BUCKETS);
        assert!(!generals || buckets == OUTPUT_BUCKETS);
        assert_eq!(parts.w2.len(), 2 * h * buckets);
        let mut out = Vec::with_capacity(
            header_size(MAGIC[7]) + 2 * (parts.w1.len() + h + 2 * h * buckets) + 4 * buckets + 4,
        );
        out.extend_from_slice(MAGIC);
        for v in [
            if generals {
                ARCHITECTURE_GENERALS
            } else if buckets == 1 {
                ARCHITECTURE
            } else {
                ARCHITECTURE_BUCKETS
            },
            parts.game as u32,
            h as u32,
            parts.qa as u32,
            parts.qb as u32,
            parts.scale as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let mut description = [0u8; 32];
        let text = parts.description.as_bytes();
        let mut n = text.len().min(32);
        while !parts.description.is_char_boundary(n) {
            n -= 1;
        }
        description[..n].copy_from_slice(&text[..n]);
        out.extend_from_slice(&description);
        for v in parts.w1.iter().chain(&parts.b1).chain(&parts.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &parts.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Reads and checks a net file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < 8 || &bytes[..6] != b"XQNNUE" || bytes[6] != 0 {
            return Err(NetError::NotANet);
        }
        let version = bytes[7];
        if !(1..=MAGIC[7]).contains(&version) {
            return Err(NetError::Version(version));
        }
        let header = header_size(version);
        if bytes.len() < header + 8 {
            return Err(NetError::Size {
                expected: header + 8,
                actual: bytes.len(),
            });
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let architecture = u32_at(8);
        let (buckets, inputs) = match architecture {
            ARCHITECTURE => (1, FEATURES),
            ARCHITECTURE_BUCKETS => (OUTPUT_BUCKETS, FEATURES),
            ARCHITECTURE_GENERALS => (OUTPUT_BUCKETS, GENERAL_BUCKETS * FEATURES),
            _ => return Err(NetError::Architecture(architecture)),
        };
        // Version 2 adds the game after the architecture; every later field moves by four.
        let (game, at) = if version == 1 {
            (NetGame::Xiangqi, 12)
        } else {
            let game = NetGame::from_code(u32_at(12)).ok_or(NetError::Header("unknown game"))?;
            (game, 16)
        };
        let hidden = u32_at(at) as usize;
        if hidden == 0 || hidden % 16 != 0 || hidden > 1024 {
            return Err(NetError::Header(
                "the accumulator size must be a multiple of 16 up to 1024",
            ));
        }
        let (qa, qb, scale) = (u32_at(at + 4), u32_at(at + 8), u32_at(at + 12));
        if !(1..=1024).contains(&qa) || !(1..=1024).contains(&qb) || !(1..=100_000).contains(&scale)
        {
            return Err(NetError::Header("a scale is out of range"));
        }
        let weights = inputs * hidden + hidden + 2 * hidden * buckets;
        let expected = header + 2 * weights + 4 * buckets + 4;
        if bytes.len() != expected {
            return Err(NetError::Size {
                expected,
                actual: bytes.len(),
            });
        }
        let checksum = u32_at(expected - 4);
        if fnv1a(&bytes[..expected - 4]) != checksum {
            return Err(NetError::Checksum);
        }
        let raw = &bytes[header..header + 2 * weights];
        let values: Vec<i16> = raw
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let (w1, rest) = values.split_at(inputs * hidden);
        let (b1, w2) = rest.split_at(hidden);
        let b2: Vec<i32> = (0..buckets)
            .map(|k| u32_at(header + 2 * weights + 4 * k) as i32)
            .collect();
        let description_bytes = &bytes[at + 16..at + 48];
        let end = description_bytes.iter().position(|&b| b == 0).unwrap_or(32);
        let description = String::from_utf8_lossy(&description_bytes[..end]).into_owned();
        let net = Network {
            game,
            hidden,
            qa: qa as i32,
            qb: qb as i32,
            scale: scale as i32,
            description,
            generals: architecture == ARCHITECTURE_GENERALS,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2,
            checksum,
        };
        net.check_ranges()?;
        Ok(net)
    }

    /// Reads and checks a net file's bytes for `game`: a sound net of the other game is
    /// [`NetError::Game`].
    pub fn from_bytes_for(bytes: &[u8], game: NetGame) -> Result<Network, NetError> {
        let net = Network::from_bytes(bytes)?;
        if net.game != game {
            return Err(NetError::Game {
                expected: game,
                found: net.game,
            });
        }
        Ok(net)
    }

    /// Refuses weights with which the integer inference could overflow: an accumulator must
    /// stay inside int16 with every input active at its worst, and the output's per-lane sums
    /// inside int32.
    fn check_ranges(&self) -> Result<(), NetError> {
        let h = self.hidden;
        if self.qa > 255 {
            return Err(NetError::OutOfRange("QA above 255"));
        }
        for j in 0..h {
            let largest = (0..self.w1.len() / h)
                .map(|f| i32::from(self.w1[f * h + j]).abs())
                .max()
                .unwrap_or(0);
            if i32::from(self.b1[j]).abs() + MAX_ACTIVE * largest > i32::from(i16::MAX) {
                return Err(NetError::OutOfRange(
                    "a first-layer column can overflow int16",
                ));
            }
        }
        // screlu * w2 must fit int16 (SIMD multiplies in 16 bits first), and a lane sums 2H/8
        // products of screlu * screlu * w2.
        let w2_max = self
            .w2
            .iter()
            .map(|w| i32::from(*w).abs())
            .max()
            .unwrap_or(0);
        if self.qa * w2_max > i32::from(i16::MAX) {
            return Err(NetError::OutOfRange(
                "an output weight times QA exceeds int16",
            ));
        }
        let lane = (2 * h / 8) as i64 * i64::from(self.qa * self.qa) * i64::from(w2_max);
        if lane > i64::from(i32::MAX) {
            return Err(NetError::OutOfRange("an output sum can overflow int32"));
        }
        Ok(())
    }

    /// The file bytes of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        Network::encode(&self.parts())
    }

    /// A copy of the net's parts.
    pub fn parts(&self) -> NetParts {
        NetParts {
            game: self.game,
            hidden: self.hidden,
            qa: self.qa,
            qb: self.qb,
            scale: self.scale,
            description: self.description.clone(),
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2.clone(),
        }
    }

    /// The game the net evaluates.
    pub fn game(&self) -> NetGame {
        self.game
    }

    /// The accumulator size.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The description written when the net was made.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The file's checksum: a short name for the net.
    pub fn checksum(&self) -> u32 {
        self.checksum
    }

    /// The quantization constants `(QA, QB, SCALE)`.
    pub fn scales(&self) -> (i32, i32, i32) {
        (self.qa, self.qb, self.scale)
    }

    /// Whether the views see the board through their general (architecture 3): a general's
    /// move then changes its own view's every input.
    #[inline]
    pub fn sees_generals(&self) -> bool {
        self.generals
    }

    /// Where the inputs of `viewer`'s view come from with its general on `general`.
    #[inline]
    pub fn view_key(&self, viewer: Color, general: Square) -> ViewKey {
        if self.generals {
            ViewKey::of_general(viewer, general)
        } else {
            ViewKey::PLAIN
        }
    }

    /// Output layers: 1, or [`OUTPUT_BUCKETS`].
    pub fn buckets(&self) -> usize {
        self.b2.len()
    }

    /// The output layer used with `pieces` pieces on the board (generals included): the
    /// layers share the range 2..=32 in steps of four.
    #[inline]
    pub fn bucket(&self, pieces: u32) -> usize {
        output_bucket(self.b2.len(), pieces)
    }

    /// The output weights of layer `bucket` (`2 * hidden`, the side to move's half first).
    #[inline]
    pub(crate) fn output_weights(&self, bucket: usize) -> &[i16] {
        &self.w2[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden]
    }

    /// The centipawn score from two accumulators, the side to move's first, with `pieces`
    /// pieces on the board.
    ///
    /// This is the reference: the accelerated paths of [`crate::accumulator`] give exactly the
    /// same value.
    pub fn output_reference(&self, us: &[i16], them: &[i16], pieces: u32) -> i32 {
        let bucket = self.bucket(pieces);
        let w2 = self.output_weights(bucket);
        let mut sum: i64 = 0;
        for (half, acc) in [us, them].into_iter().enumerate() {
            for (j, &v) in acc.iter().enumerate() {
                let x = i64::from(i32::from(v).clamp(0, self.qa));
                sum += x * x * i64::from(w2[half * self.hidden + j]);
            }
        }
        self.finish(sum, bucket)
    }

    /// The output layer's last steps from the weighed sum.
    #[inline]
    pub(crate) fn finish(&self, sum: i64, bucket: usize) -> i32 {
        let out = (sum / i64::from(self.qa) + i64::from(self.b2[bucket])) * i64::from(self.scale)
            / i64::from(self.qa * self.qb);
        out.clamp(-30_000, 30_000) as i32
    }

    /// Fills `acc` with the first layer's output for `features`.
    pub fn refresh_reference(&self, features: impl Iterator<Item = usize>, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        for f in features {
            let row = &self.w1[f * self.hidden..(f + 1) * self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A net with small random weights (inside the range checks).
    pub(crate) fn random_net(hidden: usize, seed: u64) -> Network {
        random_net_with(hidden, seed, 1)
    }

    /// A net with small random weights and `buckets` output layers.
    pub(crate) fn random_net_with(hidden: usize, seed: u64, buckets: usize) -> Network {
        random_net_shaped(hidden, seed, buckets, false)
    }

    /// A net with small random weights, `buckets` output layers and, with `generals`, views
    /// through the generals (architecture 3).
    pub(crate) fn random_net_shaped(
        hidden: usize,
        seed: u64,
        buckets: usize,
        generals: bool,
    ) -> Network {
        let inputs = if generals {
            GENERAL_BUCKETS * FEATURES
        } else {
            FEATURES
        };
        let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move |range: i32| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % (2 * range as u64 + 1)) as i32 - range
        };
        let parts = NetParts {
            game: NetGame::Xiangqi,
            hidden,
            qa: 255,
            qb: 64,
            scale: 400,
            description: "random test net".to_owned(),
            w1: (0..inputs * hidden).map(|_| next(300) as i16).collect(),
            b1: (0..hidden).map(|_| next(3_000) as i16).collect(),
            w2: (0..2 * hidden * buckets)
                .map(|_| next(127) as i16)
                .collect(),
            b2: (0..buckets).map(|_| next(20_000)).collect(),
        };
        Network::from_parts(parts).expect("in range")
    }

    #[test]
    fn a_net_file_round_trips() {
        let net = random_net(32, 1);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(back.description(), "random test net");
        let bucketed = random_net_with(32, 1, OUTPUT_BUCKETS);
        let bytes = bucketed.to_bytes();
        assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 2);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!((back.buckets(), back.bucket(32), back.bucket(2)), (8, 7, 0));
        assert_eq!(back, bucketed);
        let generals = random_net_shaped(16, 2, OUTPUT_BUCKETS, true);
        let bytes = generals.to_bytes();
        assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 3);
        let back = Network::from_bytes(&bytes).unwrap();
        assert!(back.sees_generals() && !bucketed.sees_generals());
        assert_eq!(back, generals);
        assert_eq!(
            back.view_key(Color::Black, Square::D8),
            ViewKey::of_general(Color::Black, Square::D8)
        );
        assert_eq!(bucketed.view_key(Color::Black, Square::D8), ViewKey::PLAIN);
    }

    #[test]
    fn the_game_is_kept_and_version_1_files_are_xiangqi_nets() {
        let mut parts = random_net(16, 4).parts();
        parts.game = NetGame::Janggi;
        let janggi = Network::from_parts(parts.clone()).unwrap();
        assert_eq!(janggi.game(), NetGame::Janggi);
        assert_eq!(Network::from_bytes(&janggi.to_bytes()).unwrap(), janggi);
        // A version 1 file: the same bytes without the game field.
        let v2 = janggi.to_bytes();
        let mut v1 = v2[..12].to_vec();
        v1[7] = 1;
        v1.extend_from_slice(&v2[16..v2.len() - 4]);
        let mut h: u32 = 0x811c_9dc5;
        for &b in &v1 {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        v1.extend_from_slice(&h.to_le_bytes());
        let old = Network::from_bytes(&v1).unwrap();
        assert_eq!(old.game(), NetGame::Xiangqi);
        assert_eq!((old.hidden(), old.description()), (16, "random test net"));
        parts.game = NetGame::Xiangqi;
        assert_eq!(old.parts(), parts);
    }

    #[test]
    fn wrong_files_are_typed_errors() {
        let bytes = random_net(16, 2).to_bytes();
        assert_eq!(Network::from_bytes(b""), Err(NetError::NotANet));
        assert_eq!(
            Network::from_bytes(b"XQNNDAT1 rest"),
            Err(NetError::NotANet)
        );
        for version in [0, 3] {
            let mut other = bytes.clone();
            other[7] = version;
            assert_eq!(Network::from_bytes(&other), Err(NetError::Version(version)));
        }
        let mut game = bytes.clone();
        game[12] = 7;
        assert_eq!(
            Network::from_bytes(&game),
            Err(NetError::Header("unknown game"))
        );
        for cut in [9, 40, 100, bytes.len() - 1] {
            assert!(matches!(
                Network::from_bytes(&bytes[..cut]),
                Err(NetError::Size { .. })
            ));
        }
        let mut damaged = bytes.clone();
        damaged[500] ^= 1;
        assert_eq!(Network::from_bytes(&damaged), Err(NetError::Checksum));
        let mut arch = bytes.clone();
        arch[8] = 9;
        assert_eq!(Network::from_bytes(&arch), Err(NetError::Architecture(9)));
    }

    #[test]
    fn weights_that_could_overflow_are_refused() {
        let mut parts = random_net(16, 3).parts();
        parts.w2[3] = 200;
        assert!(matches!(
            Network::from_parts(parts),
            Err(NetError::OutOfRange(_))
        ));
        let mut parts = random_net(16, 3).parts();
        parts.w1[5 * 16] = 2_000;
        assert!(matches!(
            Network::from_parts(parts),
            Err(NetError::OutOfRange(_))
        ));
    }
}
