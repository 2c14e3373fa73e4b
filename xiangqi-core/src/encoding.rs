//! Text from bytes: the encodings game records are written in, and finding which one a file uses.
//!
//! Records come from old Windows tools and web sites as often as from new programs: UTF-8 (with
//! or without a byte order mark), UTF-16 with a byte order mark, GBK (GB2312/GB18030, mainland
//! China) and Big5 (Taiwan, Hong Kong). [`detect`] looks at the byte order mark, then at whether
//! the bytes are valid UTF-8, then chooses between GBK and Big5: by the characters of move text
//! (炮, 進, 馬, ...) when one decoding gives clearly more of them, which settles nearly every
//! game record quickly, else by a statistical detector (`chardetng`, the one Firefox uses). [`decode`] turns bytes into text in a named encoding or
//! the detected one; bytes that are not valid in it become U+FFFD and are counted as errors.
//!
//! GBK, Big5 and UTF-16 need the default `gbk` feature; without it they read as UTF-8 with
//! replacement characters and [`detect`] only tells UTF-8 from UTF-16.
//!
//! ```
//! use xiangqi_core::encoding::{decode, detect, TextEncoding};
//!
//! let big5 = b"\xac\xb6\xa4G\xa5\xad\xa4\xad"; // 炮二平五 in Big5
//! assert_eq!(detect(big5), TextEncoding::Big5);
//! let decoded = decode(big5, TextEncoding::Auto);
//! assert_eq!(decoded.text, "炮二平五");
//! assert_eq!((decoded.encoding, decoded.errors), (TextEncoding::Big5, 0));
//! assert_eq!(detect("炮二平五".as_bytes()), TextEncoding::Utf8);
//! ```

use std::borrow::Cow;

/// A text encoding of game records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TextEncoding {
    /// Found from the bytes (see [`detect`]). Readers that go line by line take each line that
    /// is valid UTF-8 as UTF-8 and the others in the one legacy encoding detected for the input.
    #[default]
    Auto,
    /// UTF-8 (a byte order mark is skipped).
    Utf8,
    /// GBK, read as its superset GB18030 (also GB2312 and code page 936).
    Gbk,
    /// Big5 (with the HKSCS extension, as browsers read it; also code page 950).
    Big5,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

impl TextEncoding {
    /// A short name: `auto`, `utf-8`, `gbk`, `big5`, `utf-16le`, `utf-16be`.
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Auto => "auto",
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Gbk => "gbk",
            TextEncoding::Big5 => "big5",
            TextEncoding::Utf16Le => "utf-16le",
            TextEncoding::Utf16Be => "utf-16be",
        }
    }

    /// Reads an encoding's name as programs write it (any case): `utf-8`/`utf8`,
    /// `gbk`/`gb2312`/`gb18030`/`cp936`, `big5`/`big5-hkscs`/`cp950`, `utf-16le`, `utf-16be`,
    /// `auto`.
    pub fn from_label(label: &str) -> Option<TextEncoding> {
        let label = label.trim().to_ascii_lowercase().replace('_', "-");
        Some(match label.as_str() {
            "auto" | "" => TextEncoding::Auto,
            "utf-8" | "utf8" => TextEncoding::Utf8,
            "gbk" | "gb2312" | "gb18030" | "cp936" | "ms936" | "windows-936" | "euc-cn" => {
                TextEncoding::Gbk
            }
            "big5" | "big5-hkscs" | "cp950" | "ms950" | "windows-950" => TextEncoding::Big5,
            "utf-16le" | "utf16le" | "utf-16" => TextEncoding::Utf16Le,
            "utf-16be" | "utf16be" => TextEncoding::Utf16Be,
            _ => return None,
        })
    }

    /// The encoding a byte order mark at the start of `bytes` names, and the mark's length.
    pub fn from_bom(bytes: &[u8]) -> Option<(TextEncoding, usize)> {
        if bytes.starts_with(b"\xEF\xBB\xBF") {
            Some((TextEncoding::Utf8, 3))
        } else if bytes.starts_with(b"\xFF\xFE") {
            Some((TextEncoding::Utf16Le, 2))
        } else if bytes.starts_with(b"\xFE\xFF") {
            Some((TextEncoding::Utf16Be, 2))
        } else {
            None
        }
    }
}

impl core::fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Text decoded from bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text (borrowed when the bytes were UTF-8 already).
    pub text: Cow<'a, str>,
    /// The encoding read (never [`TextEncoding::Auto`]).
    pub encoding: TextEncoding,
    /// How many malformed sequences became U+FFFD.
    pub errors: usize,
}

/// The encoding of `bytes`: a byte order mark, else UTF-8 when they are valid UTF-8 (plain
/// ASCII included), else GBK or Big5, whichever the detector finds likelier.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if let Some((encoding, _)) = TextEncoding::from_bom(bytes) {
        return encoding;
    }
    if core::str::from_utf8(bytes).is_ok() {
        return TextEncoding::Utf8;
    }
    detect_legacy(bytes)
}

/// GBK or Big5 for bytes that are not UTF-8 (without the `gbk` feature: UTF-8).
pub fn detect_legacy(bytes: &[u8]) -> TextEncoding {
    imp::detect_legacy(bytes)
}

/// Decodes `bytes` in `encoding` ([`TextEncoding::Auto`]: the one [`detect`] finds). A byte
/// order mark that agrees with the encoding is skipped; one naming another encoding wins over
/// `encoding`, as it does in browsers.
pub fn decode(bytes: &[u8], encoding: TextEncoding) -> Decoded<'_> {
    let (encoding, bytes) = match TextEncoding::from_bom(bytes) {
        Some((bom, len)) => (bom, &bytes[len..]),
        None if encoding == TextEncoding::Auto => (detect(bytes), bytes),
        None => (encoding, bytes),
    };
    if encoding == TextEncoding::Utf8 {
        return match core::str::from_utf8(bytes) {
            Ok(text) => Decoded {
                text: Cow::Borrowed(text),
                encoding,
                errors: 0,
            },
            Err(_) => {
                let text = String::from_utf8_lossy(bytes).into_owned();
                let errors = count_replacements(&text) - count_replacements_in_utf8(bytes);
                Decoded {
                    text: Cow::Owned(text),
                    encoding,
                    errors,
                }
            }
        };
    }
    let (text, errors) = imp::decode_legacy(bytes, encoding);
    Decoded {
        text,
        encoding,
        errors,
    }
}

/// Decodes one line (or any piece of text that ends at a character boundary) into `out`,
/// returning how many malformed sequences became U+FFFD.
pub fn decode_into(bytes: &[u8], encoding: TextEncoding, out: &mut String) -> usize {
    if matches!(encoding, TextEncoding::Gbk | TextEncoding::Big5)
        && TextEncoding::from_bom(bytes).is_none()
    {
        // Straight into `out`: a line of a legacy file costs no allocation of its own.
        return imp::decode_legacy_into(bytes, encoding, out);
    }
    let decoded = decode(bytes, encoding);
    out.push_str(&decoded.text);
    decoded.errors
}

/// A character that an encoding has no code for: [`encode`] refuses the text rather than
/// write something else in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unencodable {
    /// The character.
    pub character: char,
    /// The encoding that lacks it.
    pub encoding: TextEncoding,
    /// Its byte offset in the text.
    pub offset: usize,
    /// Its line in the text, from 1.
    pub line: usize,
}

impl core::fmt::Display for Unencodable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} has no character {} (U+{:04X}), on line {}",
            self.encoding,
            self.character,
            u32::from(self.character),
            self.line
        )
    }
}

impl std::error::Error for Unencodable {}

/// Encodes text in `encoding` (UTF-8 for [`TextEncoding::Auto`]; UTF-16 with a byte order
/// mark). A character the encoding lacks is an error naming it: nothing is ever written in its
/// place (no `&#12345;` references, no `?`). GBK is written as its superset GB18030, which has
/// every character but 19 private-use ones whose old codes now read as other characters; Big5
/// lacks the simplified ones and a few traditional ones (俥). Without the `gbk` feature GBK and
/// Big5 can hold ASCII text only.
///
/// ```
/// use xiangqi_core::encoding::{encode, TextEncoding};
///
/// assert_eq!(encode("炮二平五", TextEncoding::Big5).unwrap().as_ref(), b"\xac\xb6\xa4G\xa5\xad\xa4\xad");
/// let err = encode("馬8進7\n俥一平二", TextEncoding::Big5).unwrap_err();
/// assert_eq!((err.character, err.line), ('俥', 2));
/// assert_eq!(err.to_string(), "big5 has no character 俥 (U+4FE5), on line 2");
/// ```
pub fn encode(text: &str, encoding: TextEncoding) -> Result<Cow<'_, [u8]>, Unencodable> {
    match encode_if_possible(text, encoding) {
        Some(bytes) => Ok(bytes),
        None => Err(unencodable(text, encoding)),
    }
}

fn encode_if_possible(text: &str, encoding: TextEncoding) -> Option<Cow<'_, [u8]>> {
    match encoding {
        TextEncoding::Auto | TextEncoding::Utf8 => Some(Cow::Borrowed(text.as_bytes())),
        TextEncoding::Utf16Le | TextEncoding::Utf16Be => {
            let le = encoding == TextEncoding::Utf16Le;
            let mut out = Vec::with_capacity(2 + 2 * text.len());
            out.extend(if le { [0xFF, 0xFE] } else { [0xFE, 0xFF] });
            for unit in text.encode_utf16() {
                out.extend(if le {
                    unit.to_le_bytes()
                } else {
                    unit.to_be_bytes()
                });
            }
            Some(Cow::Owned(out))
        }
        TextEncoding::Gbk | TextEncoding::Big5 => imp::encode_legacy(text, encoding),
    }
}

/// Whether `encoding` has a code for `c`.
pub fn can_encode(c: char, encoding: TextEncoding) -> bool {
    let mut buf = [0u8; 4];
    encode_if_possible(c.encode_utf8(&mut buf), encoding).is_some()
}

/// The first character of `text` that `encoding` lacks (`text` is known to hold one).
#[cold]
fn unencodable(text: &str, encoding: TextEncoding) -> Unencodable {
    let (offset, character) = text
        .char_indices()
        .find(|&(_, c)| !can_encode(c, encoding))
        .unwrap_or((0, '\u{FFFD}'));
    Unencodable {
        character,
        encoding,
        offset,
        line: 1 + text[..offset].matches('\n').count(),
    }
}

fn count_replacements(text: &str) -> usize {
    text.matches('\u{FFFD}').count()
}

/// U+FFFD characters that the input itself holds, validly encoded.
fn count_replacements_in_utf8(bytes: &[u8]) -> usize {
    bytes
        .windows(3)
        .filter(|w| *w == "\u{FFFD}".as_bytes())
        .count()
}

#[cfg(feature = "gbk")]
mod imp {
    use super::{count_replacements, TextEncoding};
    use std::borrow::Cow;

    /// At most this much of the input is looked at to tell GBK from Big5: enough for a
    /// confident guess, and detection stays cheap on a large file.
    const DETECT_BYTES: usize = 256 * 1024;

    /// How many more move characters one decoding must give than the other to decide alone.
    const DECISIVE: usize = 4;

    /// The characters of move text, simplified and traditional (炮砲平进進退马馬车車帅帥将將士仕
    /// 象相兵卒), encoded in GBK: in a record decoded in the wrong one of GBK and Big5 they
    /// almost never come out.
    pub(super) const GBK_MOVE_CHARS: [u16; 20] = [
        0xC5DA, 0xB368, 0xC6BD, 0xBDF8, 0xDF4D, 0xCDCB, 0xC2ED, 0xF152, 0xB3B5, 0xDC87, 0xCBA7,
        0x8E9B, 0xBDAB, 0x8CA2, 0xCABF, 0xCACB, 0xCFF3, 0xCFE0, 0xB1F8, 0xD7E4,
    ];
    /// The same characters in Big5 (which has no simplified ones).
    pub(super) const BIG5_MOVE_CHARS: [u16; 15] = [
        0xACB6, 0xAFA5, 0xA5AD, 0xB669, 0xB068, 0xB0A8, 0xA8AE, 0xABD3, 0xB14E, 0xA468, 0xA54B,
        0xB648, 0xACDB, 0xA74C, 0xA8F2,
    ];

    /// A set of double-byte codes, one bit a code: a lookup per character, where searching the
    /// lists was a dozen comparisons.
    struct CodeSet([u64; 1024]);

    impl CodeSet {
        const fn of(codes: &[u16]) -> CodeSet {
            let mut bits = [0u64; 1024];
            let mut i = 0;
            while i < codes.len() {
                bits[codes[i] as usize / 64] |= 1 << (codes[i] % 64);
                i += 1;
            }
            CodeSet(bits)
        }

        #[inline]
        fn contains(&self, code: u16) -> bool {
            self.0[usize::from(code / 64)] >> (code % 64) & 1 != 0
        }
    }

    static GBK_MOVE_SET: CodeSet = CodeSet::of(&GBK_MOVE_CHARS);
    static BIG5_MOVE_SET: CodeSet = CodeSet::of(&BIG5_MOVE_CHARS);

    /// Counts the move characters of `bytes` read as GBK and as Big5, in one pass over the
    /// raw bytes (both are double-byte codes with lead bytes from 0x81).
    fn move_chars(bytes: &[u8]) -> (usize, usize) {
        let (mut gbk, mut big5) = (0, 0);
        let mut i = 0;
        while i + 1 < bytes.len() {
            if bytes[i] < 0x81 {
                i += 1;
                continue;
            }
            let pair = u16::from(bytes[i]) << 8 | u16::from(bytes[i + 1]);
            gbk += usize::from(GBK_MOVE_SET.contains(pair));
            big5 += usize::from(BIG5_MOVE_SET.contains(pair));
            i += 2;
        }
        (gbk, big5)
    }

    /// The malformed sequences of a GBK or Big5 decoding (the input holds no U+FFFD of its
    /// own in these encodings).
    fn legacy_errors(text: &str, had_errors: bool) -> usize {
        if had_errors {
            count_replacements(text).max(1)
        } else {
            0
        }
    }

    pub(super) fn detect_legacy(bytes: &[u8]) -> TextEncoding {
        let sample = &bytes[..bytes.len().min(DETECT_BYTES)];
        // Game records first: their move characters tell GBK from Big5 at once, and cheaply.
        let (gbk, big5) = move_chars(&sample[..sample.len().min(16 * 1024)]);
        if gbk >= big5 * DECISIVE + DECISIVE {
            return TextEncoding::Gbk;
        }
        if big5 >= gbk * DECISIVE + DECISIVE {
            return TextEncoding::Big5;
        }
        detect_other(sample, sample.len() == bytes.len())
    }

    /// GBK or Big5 for text with few move characters (`last`: the sample is the whole input).
    fn detect_other(sample: &[u8], last: bool) -> TextEncoding {
        // Other text (names, comments only): the general detector.
        let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
        detector.feed(sample, last);
        let guess = detector.guess(None, chardetng::Utf8Detection::Deny);
        if guess == encoding_rs::BIG5 {
            return TextEncoding::Big5;
        }
        if guess == encoding_rs::GBK || guess == encoding_rs::GB18030 {
            return TextEncoding::Gbk;
        }
        // Another guess (a Japanese, Korean or single-byte code page): records are Chinese,
        // so take whichever of the two decodes with fewer errors.
        let (_, gbk_errors) = decode_legacy(sample, TextEncoding::Gbk);
        let (_, big5_errors) = decode_legacy(sample, TextEncoding::Big5);
        if big5_errors < gbk_errors {
            TextEncoding::Big5
        } else {
            TextEncoding::Gbk
        }
    }

    /// [`decode_legacy`] of GBK or Big5 appended to `out`, with the same count of errors.
    pub(super) fn decode_legacy_into(
        bytes: &[u8],
        encoding: TextEncoding,
        out: &mut String,
    ) -> usize {
        let encoding = match encoding {
            TextEncoding::Big5 => encoding_rs::BIG5,
            _ => encoding_rs::GB18030,
        };
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let start = out.len();
        let Some(room) = decoder.max_utf8_buffer_length(bytes.len()) else {
            let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
            out.push_str(&text);
            return legacy_errors(&text, had_errors);
        };
        // With room for the longest decoding, one call decodes it all.
        out.reserve(room);
        let (_, _, had_errors) = decoder.decode_to_string(bytes, out, true);
        legacy_errors(&out[start..], had_errors)
    }

    /// `text` in GBK (as GB18030) or Big5, or `None` when Big5 lacks one of its characters or
    /// GB18030 would write one that reads back as another ([`gb18030_changes`]).
    pub(super) fn encode_legacy(text: &str, encoding: TextEncoding) -> Option<Cow<'_, [u8]>> {
        let encoding = match encoding {
            TextEncoding::Big5 => encoding_rs::BIG5,
            _ => {
                if text.chars().any(gb18030_changes) {
                    return None;
                }
                encoding_rs::GB18030
            }
        };
        let (bytes, _, unmappable) = encoding.encode(text);
        (!unmappable).then_some(bytes)
    }

    /// The 18 private-use characters that GB18030-2005 gave codes that GB18030-2022 gives to
    /// standard characters (U+E78D..U+E796 to the vertical forms U+FE10..U+FE19, U+E81E and
    /// seven others to U+9FB4..U+9FBB): the encoder still writes the old codes, which the
    /// decoder reads as the new characters, so writing one would put another in its place.
    pub(super) fn gb18030_changes(c: char) -> bool {
        matches!(
            c,
            '\u{E78D}'
                ..='\u{E796}'
                    | '\u{E81E}'
                    | '\u{E826}'
                    | '\u{E82B}'
                    | '\u{E82C}'
                    | '\u{E832}'
                    | '\u{E843}'
                    | '\u{E854}'
                    | '\u{E864}'
        )
    }

    pub(super) fn decode_legacy(bytes: &[u8], encoding: TextEncoding) -> (Cow<'_, str>, usize) {
        let encoding = match encoding {
            TextEncoding::Big5 => encoding_rs::BIG5,
            TextEncoding::Utf16Le => encoding_rs::UTF_16LE,
            TextEncoding::Utf16Be => encoding_rs::UTF_16BE,
            _ => encoding_rs::GB18030,
        };
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        let errors = if encoding == encoding_rs::GB18030 || encoding == encoding_rs::BIG5 {
            legacy_errors(&text, had_errors)
        } else if had_errors {
            // Count only what decoding replaced, not U+FFFD that the input held.
            let before = super::count_replacements_in_utf8(bytes);
            count_replacements(&text).saturating_sub(before).max(1)
        } else {
            0
        };
        (text, errors)
    }
}

#[cfg(not(feature = "gbk"))]
mod imp {
    use super::{count_replacements, TextEncoding};
    use std::borrow::Cow;

    pub(super) fn detect_legacy(_bytes: &[u8]) -> TextEncoding {
        TextEncoding::Utf8
    }

    /// Without the feature GBK and Big5 hold ASCII text only.
    pub(super) fn encode_legacy(text: &str, _encoding: TextEncoding) -> Option<Cow<'_, [u8]>> {
        text.is_ascii().then_some(Cow::Borrowed(text.as_bytes()))
    }

    pub(super) fn decode_legacy_into(
        bytes: &[u8],
        encoding: TextEncoding,
        out: &mut String,
    ) -> usize {
        let (text, errors) = decode_legacy(bytes, encoding);
        out.push_str(&text);
        errors
    }

    pub(super) fn decode_legacy(bytes: &[u8], _encoding: TextEncoding) -> (Cow<'_, str>, usize) {
        let text = String::from_utf8_lossy(bytes);
        let errors = count_replacements(&text);
        (text, errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character that GBK (GB18030) or Big5 encodes decodes back to itself: `encode`
    /// never writes one character in another's place. GB18030 encodes 18 private-use
    /// characters to codes that now read as standard ones (U+E864 is written FE A0, which reads
    /// as U+9FBB); they are refused.
    #[cfg(feature = "gbk")]
    #[test]
    fn what_encodes_decodes_back_to_itself() {
        let mut refused = Vec::new();
        for encoding in [TextEncoding::Gbk, TextEncoding::Big5] {
            for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
                let text = c.to_string();
                match encode(&text, encoding) {
                    Ok(bytes) => {
                        let back = decode(&bytes, encoding);
                        // A text starting with U+FEFF is written as its code, not a mark.
                        assert_eq!(back.text, text, "{encoding} U+{:04X}", u32::from(c));
                    }
                    Err(e) if encoding == TextEncoding::Gbk => refused.push(e.character),
                    Err(_) => {}
                }
            }
        }
        // GB18030 has every other character but U+E5E5, which the Encoding Standard's encoder
        // refuses for the same reason (its old code A3A0 now reads as U+3000).
        let expected: Vec<char> = std::iter::once('\u{E5E5}')
            .chain('\u{E78D}'..='\u{E796}')
            .chain("\u{E81E}\u{E826}\u{E82B}\u{E82C}\u{E832}\u{E843}\u{E854}\u{E864}".chars())
            .collect();
        assert_eq!(refused, expected);
        let err = encode("炮二平五 \u{E864}", TextEncoding::Gbk).unwrap_err();
        assert_eq!((err.character, err.offset), ('\u{E864}', 13));
    }

    #[cfg(feature = "gbk")]
    #[test]
    fn the_move_character_tables_are_the_characters_encoded() {
        let chars = "炮砲平进進退马馬车車帅帥将將士仕象相兵卒";
        for (encoding, table) in [
            (encoding_rs::GBK, &imp::GBK_MOVE_CHARS[..]),
            (encoding_rs::BIG5, &imp::BIG5_MOVE_CHARS[..]),
        ] {
            let mut expected = Vec::new();
            for c in chars.chars() {
                let text = c.to_string();
                let (bytes, _, unmappable) = encoding.encode(&text);
                if !unmappable {
                    expected.push(u16::from(bytes[0]) << 8 | u16::from(bytes[1]));
                }
            }
            assert_eq!(table, &expected[..], "{}", encoding.name());
        }
    }

    #[test]
    fn labels() {
        assert_eq!(TextEncoding::from_label("CP950"), Some(TextEncoding::Big5));
        assert_eq!(TextEncoding::from_label("gb2312"), Some(TextEncoding::Gbk));
        assert_eq!(TextEncoding::from_label("UTF_8"), Some(TextEncoding::Utf8));
        assert_eq!(TextEncoding::from_label("latin-1"), None);
    }

    #[cfg(feature = "gbk")]
    #[test]
    fn gbk_and_big5_told_apart() {
        // 炮二平五 马8进7 in GBK; 炮二平五 馬8進7 in Big5: the same characters in each one's
        // own code, known from the code tables.
        let gbk = b"\xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed8\xbd\xf87";
        let big5 = b"\xac\xb6\xa4G\xa5\xad\xa4\xad \xb0\xa88\xb6i7";
        assert_eq!(decode(gbk, TextEncoding::Auto).text, "炮二平五 马8进7");
        assert_eq!(decode(big5, TextEncoding::Auto).text, "炮二平五 馬8進7");
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("炮".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&utf16, TextEncoding::Auto).text, "炮");
        assert_eq!(decode(b"\xff", TextEncoding::Utf8).errors, 1);
    }
}
