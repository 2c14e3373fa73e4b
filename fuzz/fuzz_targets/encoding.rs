//! Arbitrary bytes decoded as the record readers decode files of unknown encoding (GBK, Big5,
//! UTF-8, UTF-16; cp949 for `.gib`): decoding never panics, the encoding found is a real one,
//! line-by-line decoding agrees with decoding the whole, and text that encodes back decodes to
//! itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::encoding::{self, TextEncoding};

const ALL: [TextEncoding; 6] = [
    TextEncoding::Auto,
    TextEncoding::Utf8,
    TextEncoding::Gbk,
    TextEncoding::Big5,
    TextEncoding::Utf16Le,
    TextEncoding::Utf16Be,
];

fuzz_target!(|data: &[u8]| {
    let detected = encoding::detect(data);
    assert_ne!(detected, TextEncoding::Auto);
    let _ = encoding::detect_legacy(data);
    let _ = xiangqi_core::gib::decode(data);
    for wanted in ALL {
        let decoded = encoding::decode(data, wanted);
        assert_ne!(decoded.encoding, TextEncoding::Auto);
        if wanted == TextEncoding::Auto {
            assert_eq!(decoded.encoding, detected);
        }
        // Line by line, as the PGN reader reads a legacy file, gives the same text.
        if matches!(decoded.encoding, TextEncoding::Gbk | TextEncoding::Big5)
            && TextEncoding::from_bom(data).is_none()
        {
            let mut lines = String::new();
            let mut errors = 0;
            for line in data.split_inclusive(|&b| b == b'\n') {
                errors += encoding::decode_into(line, decoded.encoding, &mut lines);
            }
            if lines != decoded.text {
                // A multi-byte sequence cut by a newline byte may decode differently; only a
                // malformed input may do that.
                assert!(
                    decoded.errors > 0 || errors > 0,
                    "{lines:?} != {:?}",
                    decoded.text
                );
            }
        }
        // Text that encodes in a legacy encoding decodes back to itself (checked once: the
        // encoders are slow).
        if wanted != TextEncoding::Auto || decoded.text.starts_with('\u{FEFF}') {
            continue;
        }
        for target in [TextEncoding::Gbk, TextEncoding::Big5] {
            if let Ok(bytes) = encoding::encode(&decoded.text, target) {
                if TextEncoding::from_bom(&bytes).is_some() {
                    // Legacy bytes that begin like a byte order mark (EF BB BF is two GBK or
                    // Big5 characters' worth): the mark wins, as documented.
                    continue;
                }
                let back = encoding::decode(&bytes, target);
                assert_eq!(back.text, decoded.text);
                assert_eq!(back.errors, 0);
            }
        }
    }
});
