//! `xiangqi convert` and `xiangqi pgn stats`: game records, files and folders.

use crate::args;
use std::path::{Path, PathBuf};
use std::time::Instant;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{MoveFormat, PgnGame};
use xiangqi_records::{read_path, stream_path, Format, ReadOptions, Stats, WriteOptions};

/// The record commands' lines of the command overview.
pub const SUMMARY: &str = "  xiangqi convert IN OUT [--notation ...] [--encoding ...]
                               convert records (PGN, XQF, DhtmlXQ, FEN lists); OUT a folder:
                               one file per game
  xiangqi pgn stats PATH [--top N] [--errors]
                               count the records of a file or folder on all cores";

/// `xiangqi convert --help`.
pub const CONVERT_USAGE: &str =
    "usage: xiangqi convert IN OUT [--notation iccs|wxf|chinese|chinese-traditional|vietnamese]
               [--encoding utf-8|gbk|big5|utf-16le|utf-16be] [--from-encoding auto|utf-8|gbk|big5]
               [--format xqf|pgn|dhtml|fen]
Convert game records. Both formats come from the extensions: .pgn, .xqf (one record a file),
.dhtml/.dhtmlxq, .fen/.epd (start positions). IN may be a folder (read on all cores).
OUT may be a folder (an existing one, or a name ending in /): each game is written to a file
of its own there, as XQF unless --format says otherwise, named after its source file and its
place in it (all-0001.xqf, ...).
  --notation       how PGN moves are written (default iccs)
  --encoding       the text encoding written (default utf-8). Only characters the encoding has
                   are written: in Big5, Chinese moves are traditional with 車 and 馬 for both
                   sides, as Big5 records are; a name or comment Big5 cannot hold stops the
                   conversion with the character named, and nothing is written
  --from-encoding  the encoding of the input (default: found per file)
  --format         the format of each file when OUT is a folder (default xqf)";

/// `xiangqi pgn --help`.
pub const PGN_USAGE: &str = "usage: xiangqi pgn stats PATH [--top N] [--errors]
Commands on databases of game records:
  stats    count the games, plies, errors, results, encodings and ECCO codes of a file or
           folder (xiangqi pgn stats --help)";

/// `xiangqi pgn stats --help`.
pub const PGN_STATS_USAGE: &str = "usage: xiangqi pgn stats PATH [--top N] [--errors]
Read a file or folder of records (PGN, XQF, DhtmlXQ, any encoding) on all cores and print
files, games, plies, variation plies, errors, games with warnings, encodings, results and the
ECCO codes, most frequent first; the last line gives the time and games per second.
  --top N    only the N most frequent ECCO codes, then one line for the others (default: all)
  --errors   also list each record that could not be read and each warning (a repair the
             reader made) of the games it counts, with file, line and column";

fn encoding_arg(value: &str) -> Result<TextEncoding, String> {
    TextEncoding::from_label(value).ok_or_else(|| format!("unknown encoding {value:?}"))
}

/// Whether `output` names a folder: one that exists, or a name ending in a separator.
fn is_folder_target(output: &str) -> bool {
    output.ends_with('/')
        || output.ends_with(std::path::MAIN_SEPARATOR)
        || Path::new(output).is_dir()
}

/// `xiangqi convert IN OUT [options]`.
pub fn convert_command(args: &[String]) -> Result<(), String> {
    let mut paths = Vec::new();
    let mut read = ReadOptions::default();
    let mut write = WriteOptions::default();
    let mut per_game = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| args::value(&mut it, name);
        match arg.as_str() {
            "--notation" => {
                let (format, style) = MoveFormat::from_notation_name(value("--notation")?)?;
                write.pgn.format = format;
                write.pgn.chinese = style;
            }
            "--encoding" => write.encoding = encoding_arg(value("--encoding")?)?,
            "--from-encoding" => read.pgn.encoding = encoding_arg(value("--from-encoding")?)?,
            "--format" => {
                let name = value("--format")?;
                let format =
                    Format::from_path(Path::new(&format!("x.{name}"))).ok_or_else(|| {
                        format!("unknown format {name:?} (xqf, pgn, dhtml, fen, gib)")
                    })?;
                per_game = Some(format);
            }
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{CONVERT_USAGE}"))
            }
            path => paths.push(path.to_owned()),
        }
    }
    let [input, output] = &paths[..] else {
        return Err(format!("convert needs IN and OUT\n{CONVERT_USAGE}"));
    };
    let folder = is_folder_target(output);
    let out_format = if folder {
        per_game.unwrap_or(Format::Xqf)
    } else {
        if per_game.is_some() {
            return Err(
                "--format is for a folder OUT; a file's format comes from its extension".into(),
            );
        }
        Format::from_path(Path::new(output))
            .ok_or_else(|| format!("{output}: unknown extension (.pgn, .xqf, .dhtml, .fen)"))?
    };
    // Each game with the file it came from and its place there.
    let mut games: Vec<(PathBuf, usize, PgnGame)> = Vec::new();
    let mut errors = 0;
    for file in read_path(Path::new(input), &read).map_err(|e| format!("{input}: {e}"))? {
        for (k, game) in file.games.into_iter().enumerate() {
            match game {
                Ok(game) => games.push((file.path.clone(), k + 1, game)),
                Err(e) => {
                    errors += 1;
                    eprintln!("{}: {e}", file.path.display());
                }
            }
        }
    }
    if folder {
        return write_folder(&games, Path::new(output), out_format, &write, errors);
    }
    let records: Vec<PgnGame> = games.into_iter().map(|(_, _, g)| g).collect();
    let bytes =
        xiangqi_records::write_bytes(&records, out_format, &write).map_err(|e| e.to_string())?;
    std::fs::write(output, bytes).map_err(|e| format!("{output}: {e}"))?;
    let plural = if records.len() == 1 { "" } else { "s" };
    eprintln!(
        "{} record{plural} written to {output}, {errors} not read",
        records.len()
    );
    Ok(())
}

/// Writes each game to a file of its own in `dir`, named after its source file and its place
/// there (`all-0001.xqf`). Every file is encoded before any is written: a game that cannot be
/// written stops the conversion with nothing written.
fn write_folder(
    games: &[(PathBuf, usize, PgnGame)],
    dir: &Path,
    format: Format,
    options: &WriteOptions,
    errors: usize,
) -> Result<(), String> {
    let extension = match format {
        Format::Pgn => "pgn",
        Format::Xqf => "xqf",
        Format::DhtmlXq => "dhtml",
        Format::FenList => "fen",
        Format::Gib => "gib",
    };
    let mut counts: std::collections::HashMap<&Path, usize> = Default::default();
    for (path, _, _) in games {
        *counts.entry(path.as_path()).or_default() += 1;
    }
    let mut used = std::collections::HashSet::new();
    let mut files = Vec::with_capacity(games.len());
    for (path, k, game) in games {
        let stem = path
            .file_stem()
            .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
        let width = counts[path.as_path()].to_string().len().max(4);
        let mut name = format!("{stem}-{k:0width$}.{extension}");
        let mut n = 1;
        while !used.insert(name.clone()) {
            n += 1;
            name = format!("{stem}-{k:0width$}-{n}.{extension}");
        }
        let bytes = xiangqi_records::write_bytes(std::slice::from_ref(game), format, options)
            .map_err(|e| format!("{}, record {k}: {e}", path.display()))?;
        files.push((dir.join(name), bytes));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (path, bytes) in &files {
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let plural = if files.len() == 1 { "" } else { "s" };
    eprintln!(
        "{} file{plural} written to {}, one record each, {errors} not read",
        files.len(),
        dir.display()
    );
    Ok(())
}

/// `xiangqi pgn stats PATH [--top N] [--errors]`.
pub fn pgn_command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("stats") => {}
        Some(other) => return Err(format!("unknown pgn command {other:?}\n{PGN_USAGE}")),
        None => return Err(PGN_USAGE.to_owned()),
    }
    let mut path = None;
    let mut list_errors = false;
    let mut top = None;
    let mut it = args[1..].iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--errors" => list_errors = true,
            "--top" => {
                let value = it.next().ok_or("--top needs a number")?;
                top = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| format!("--top needs a number, not {value:?}"))?,
                );
            }
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{PGN_STATS_USAGE}"))
            }
            other => path = Some(other.to_owned()),
        }
    }
    let path =
        path.ok_or_else(|| format!("pgn stats needs a file or folder\n{PGN_STATS_USAGE}"))?;
    let start = Instant::now();
    let mut stats = Stats::default();
    let files = stream_path(Path::new(&path), &ReadOptions::default())
        .map_err(|e| format!("{path}: {e}"))?;
    for file in files {
        stats.add_file(&file);
        if list_errors {
            for game in &file.games {
                match game {
                    Err(e) => out!("error {}: {e}", file.path.display()),
                    Ok(game) => {
                        for w in &game.warnings {
                            out!("warning {}: {w}", file.path.display());
                        }
                    }
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    out!("{}", stats.report(top).to_string().trim_end());
    out!(
        "time {seconds:.3} games/s {:.0}",
        stats.games as f64 / seconds.max(1e-9)
    );
    Ok(())
}
