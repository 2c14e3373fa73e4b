//! `xiangqi convert` and `xiangqi pgn stats`: game records, files and folders.

use std::path::Path;
use std::time::Instant;
use xiangqi_core::pgn::{MoveFormat, PgnGame};
use xiangqi_core::text::TextEncoding;
use xiangqi_core::ChineseStyle;
use xiangqi_records::{read_path, stream_path, Format, ReadOptions, Stats, WriteOptions};

/// The usage lines of the two commands.
pub const USAGE: &str =
    "  xiangqi convert IN OUT [--notation iccs|wxf|chinese|chinese-traditional|vietnamese]
               [--encoding utf-8|gbk|big5|utf-16le|utf-16be] [--from-encoding auto|utf-8|gbk|big5]
                               convert records; formats by extension: .pgn, .xqf (one record),
                               .dhtml/.dhtmlxq, .fen/.epd (start positions); IN may be a folder
  xiangqi pgn stats PATH [--errors]
                               read a file or folder of records on all cores: games, plies,
                               errors, results, ECCO codes";

fn encoding_arg(value: &str) -> Result<TextEncoding, String> {
    TextEncoding::from_label(value).ok_or_else(|| format!("unknown encoding {value:?}"))
}

/// `xiangqi convert IN OUT [options]`.
pub fn convert_command(args: &[String]) -> Result<(), String> {
    let mut paths = Vec::new();
    let mut read = ReadOptions::default();
    let mut write = WriteOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--notation" => {
                let (format, style) = match value("--notation")?.as_str() {
                    "iccs" => (MoveFormat::Iccs, ChineseStyle::SIMPLIFIED),
                    "wxf" => (MoveFormat::Wxf, ChineseStyle::SIMPLIFIED),
                    "chinese" => (MoveFormat::Chinese, ChineseStyle::SIMPLIFIED),
                    "chinese-traditional" => (MoveFormat::Chinese, ChineseStyle::TRADITIONAL),
                    "vietnamese" => (MoveFormat::Vietnamese, ChineseStyle::SIMPLIFIED),
                    other => return Err(format!("unknown notation {other:?}")),
                };
                write.pgn.format = format;
                write.pgn.chinese = style;
            }
            "--encoding" => write.encoding = encoding_arg(value("--encoding")?)?,
            "--from-encoding" => read.pgn.encoding = encoding_arg(value("--from-encoding")?)?,
            other if other.starts_with("--") => return Err(format!("unknown option {other:?}")),
            path => paths.push(path.to_owned()),
        }
    }
    let [input, output] = &paths[..] else {
        return Err("convert needs IN and OUT".to_owned());
    };
    let out_format = Format::from_path(Path::new(output))
        .ok_or_else(|| format!("{output}: unknown extension (.pgn, .xqf, .dhtml, .fen)"))?;
    let mut games: Vec<PgnGame> = Vec::new();
    let mut errors = 0;
    for file in read_path(Path::new(input), &read).map_err(|e| format!("{input}: {e}"))? {
        for game in file.games {
            match game {
                Ok(game) => games.push(game),
                Err(e) => {
                    errors += 1;
                    eprintln!("{}: {e}", file.path.display());
                }
            }
        }
    }
    let bytes =
        xiangqi_records::write_bytes(&games, out_format, &write).map_err(|e| e.to_string())?;
    std::fs::write(output, bytes).map_err(|e| format!("{output}: {e}"))?;
    let plural = if games.len() == 1 { "" } else { "s" };
    eprintln!(
        "{} record{plural} written to {output}, {errors} not read",
        games.len()
    );
    Ok(())
}

/// `xiangqi pgn stats PATH [--errors]`.
pub fn pgn_command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("stats") => {}
        _ => return Err(format!("usage:\n{USAGE}")),
    }
    let mut path = None;
    let mut list_errors = false;
    for arg in &args[1..] {
        match arg.as_str() {
            "--errors" => list_errors = true,
            other if other.starts_with("--") => return Err(format!("unknown option {other:?}")),
            other => path = Some(other.to_owned()),
        }
    }
    let path = path.ok_or("pgn stats needs a file or folder")?;
    let start = Instant::now();
    let mut stats = Stats::default();
    let files = stream_path(Path::new(&path), &ReadOptions::default())
        .map_err(|e| format!("{path}: {e}"))?;
    for file in files {
        stats.add_file(&file);
        if list_errors {
            for e in file.games.iter().filter_map(|g| g.as_ref().err()) {
                println!("error {}: {e}", file.path.display());
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    print!("{stats}");
    println!(
        "time {seconds:.3} games/s {:.0}",
        stats.games as f64 / seconds.max(1e-9)
    );
    Ok(())
}
