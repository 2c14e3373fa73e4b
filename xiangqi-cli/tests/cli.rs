//! The `xiangqi` binary driven as a user drives it: `play` through piped stdin (with a time
//! limit, so a hang fails instead of blocking), and `--help` on every subcommand.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_xiangqi");

/// Runs the binary with `args`, feeding `input`; fails the test after `limit`.
fn run(args: &[&str], input: &str, limit: Duration) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start xiangqi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("xiangqi {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_game_through_stdin() {
    let path = std::env::temp_dir().join(format!("xiangqi-cli-{}.pgn", std::process::id()));
    let input = format!(
        "a0a5\nh2e2\nletters\nchars\nsave {}\nquit\n",
        path.display()
    );
    let args = [
        "play", "--level", "beginner", "--time", "0.05", "--seed", "3",
    ];
    let output = run(&args, &input, Duration::from_secs(60));
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("illegal move \"a0a5\": the path is blocked"),
        "{text}"
    );
    assert!(text.contains("You play h2e2 (炮二平五)"), "{text}");
    assert!(text.contains("R---H---E---A---K"), "{text}");
    assert!(text.contains("Saved 2 plies to"), "{text}");
    let pgn = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(pgn.contains("1. H2-E2 "), "{pgn}");
}

#[test]
fn a_check_through_stdin() {
    let args = [
        "play",
        "--level",
        "beginner",
        "--time",
        "0.05",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
    ];
    let output = run(&args, "a0a9\nquit\n", Duration::from_secs(60));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Check! Black's general is attacked."),
        "{text}"
    );
}

#[test]
fn help_works_on_every_subcommand() {
    for command in ["play", "perft", "bench", "uci", "ucci"] {
        for flag in ["--help", "-h"] {
            let output = run(&[command, flag], "", Duration::from_secs(20));
            assert!(output.status.success(), "{command} {flag}");
            let text = String::from_utf8(output.stdout).unwrap();
            assert!(
                text.starts_with("usage: xiangqi ") && text.contains(command),
                "{command} {flag}: {text}"
            );
        }
        let output = run(&["help", command], "", Duration::from_secs(20));
        assert!(output.status.success(), "help {command}");
    }
    let output = run(&["--help"], "", Duration::from_secs(20));
    assert!(output.status.success());
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("xiangqi play"));
    let output = run(&["play", "--bogus"], "", Duration::from_secs(20));
    assert!(!output.status.success());
}

#[test]
fn convert_through_xqf_keeps_a_master_game() {
    // A real record of the CCPD sample (Big5, Chinese moves), through XQF and back.
    let Some(shared) = shared() else { return };
    let source = shared.join("corpus/ccpd-sample/對局/大師對局/以棋手分類/楊官璘/00000764.pgn");
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-xqf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (xqf, back, direct) = (
        dir.join("g.xqf"),
        dir.join("back.pgn"),
        dir.join("direct.pgn"),
    );
    let limit = Duration::from_secs(60);
    for (from, to) in [(&source, &xqf), (&xqf, &back), (&source, &direct)] {
        let out = run(
            &["convert", from.to_str().unwrap(), to.to_str().unwrap()],
            "",
            limit,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let moves = |path: &std::path::Path| -> String {
        let text = std::fs::read_to_string(path).unwrap();
        let start = text.find("\n\n").expect("tags, then moves");
        text[start..]
            .split_whitespace()
            .filter(|w| !w.starts_with('{'))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (a, b) = (moves(&back), moves(&direct));
    assert!(a.len() > 100, "{a}");
    assert_eq!(a, b);
    let tag = |path: &std::path::Path, name: &str| {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .find(|l| l.starts_with(&format!("[{name} ")))
            .map(str::to_owned)
    };
    assert!(tag(&direct, "Red").is_some());
    assert_eq!(tag(&back, "Red"), tag(&direct, "Red"));
    // Two records do not fit one XQF file: a clear error, no file.
    let two = dir.join("two.pgn");
    std::fs::write(
        &two,
        "[Game \"Chinese Chess\"]\n\n1. h2e2 *\n\n[Game \"Chinese Chess\"]\n\n1. b2e2 *\n",
    )
    .unwrap();
    let out = run(
        &[
            "convert",
            two.to_str().unwrap(),
            dir.join("two.xqf").to_str().unwrap(),
        ],
        "",
        limit,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("one record"));
    assert!(!dir.join("two.xqf").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `../shared` from the repository root, or one level further up (a worktree beside it); `None`
/// when neither holds the corpus, after saying on stderr that the calling test is skipped (as
/// pytest skips the Python tests that need it).
fn shared() -> Option<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let found = [root.join("../shared"), root.join("../../shared")]
        .into_iter()
        .find(|p| p.join("corpus").is_dir());
    if found.is_none() {
        eprintln!("skipped: the shared data (../shared/corpus) is missing");
    }
    found
}

/// Runs `xiangqi convert ARGS`, returning (success, stderr).
fn convert(args: &[&str]) -> (bool, String) {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    let out = run(&all, "", Duration::from_secs(60));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn convert_writes_every_notation_in_every_encoding_without_loss() {
    // A master game of the CCPD sample (Big5, traditional names) through XQF, then to PGN in
    // every notation and encoding; each file must read back to the same record.
    let Some(shared) = shared() else { return };
    let source = shared.join("corpus/ccpd-sample/對局/大師對局/以棋手分類/楊官璘/00000764.pgn");
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-enc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let (ok, err) = convert(&[source.to_str().unwrap(), &path("game.xqf")]);
    assert!(ok, "{err}");
    let (ok, err) = convert(&[&path("game.xqf"), &path("plain.pgn")]);
    assert!(ok, "{err}");
    let plain = std::fs::read(path("plain.pgn")).unwrap();
    assert!(String::from_utf8(plain.clone()).unwrap().contains("楊官璘"));
    for notation in [
        "iccs",
        "wxf",
        "chinese",
        "chinese-traditional",
        "vietnamese",
    ] {
        for encoding in ["utf-8", "gbk", "big5", "utf-16le", "utf-16be"] {
            let name = format!("{notation}-{encoding}.pgn");
            let (ok, err) = convert(&[
                &path("game.xqf"),
                &path(&name),
                "--notation",
                notation,
                "--encoding",
                encoding,
            ]);
            assert!(ok, "{name}: {err}");
            assert!(err.contains("1 record written"), "{name}: {err}");
            let bytes = std::fs::read(path(&name)).unwrap();
            assert!(
                !bytes.windows(2).any(|w| w == b"&#"),
                "{name}: a character reference"
            );
            let (ok, err) = convert(&[&path(&name), &path("back.pgn")]);
            assert!(ok && err.contains(", 0 not read"), "{name}: {err}");
            assert_eq!(
                String::from_utf8(std::fs::read(path("back.pgn")).unwrap()).unwrap(),
                String::from_utf8(plain.clone()).unwrap(),
                "{name}"
            );
        }
    }
    let big5 = std::fs::read(path("chinese-traditional-big5.pgn")).unwrap();
    let text = xiangqi_core::encoding::decode(&big5, xiangqi_core::encoding::TextEncoding::Big5);
    assert_eq!(text.errors, 0);
    assert!(
        text.text.contains("車") && !text.text.contains("俥"),
        "{}",
        text.text
    );

    // A name Big5 lacks (simplified 许银川): refused by name, nothing written.
    std::fs::write(
        path("simplified.pgn"),
        "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n\n1. h2e2 *\n",
    )
    .unwrap();
    let (ok, err) = convert(&[
        &path("simplified.pgn"),
        &path("refused.pgn"),
        "--encoding",
        "big5",
    ]);
    assert!(!ok, "{err}");
    assert!(err.contains("big5 has no character 许"), "{err}");
    assert!(!dir.join("refused.pgn").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn version_and_a_help_of_its_own_for_every_command() {
    let limit = Duration::from_secs(20);
    for flag in ["--version", "-V"] {
        let out = run(&[flag], "", limit);
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap().trim(),
            format!("xiangqi {}", env!("CARGO_PKG_VERSION"))
        );
    }
    let mut seen = std::collections::HashSet::new();
    for (args, start) in [
        (&["convert", "--help"][..], "usage: xiangqi convert IN OUT"),
        (&["pgn", "--help"][..], "usage: xiangqi pgn stats"),
        (
            &["pgn", "stats", "--help"][..],
            "usage: xiangqi pgn stats PATH",
        ),
        (
            &["help", "pgn", "stats"][..],
            "usage: xiangqi pgn stats PATH",
        ),
        (&["puzzles", "--help"][..], "usage:"),
        (&["tune", "--help"][..], "usage:\n  xiangqi tune params"),
    ] {
        let out = run(args, "", limit);
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(start), "{args:?}: {text}");
        seen.insert(text);
    }
    // convert, pgn and pgn stats each have their own text (help pgn stats = pgn stats --help).
    assert_eq!(seen.len(), 5);
    let out = run(&["help", "bogus"], "", limit);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no command \"bogus\""));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(BINARY)
        .args(["pgn", "stats", "--help"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone, as after `| head -0`
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn pgn_stats_top_n_and_errors_list_what_it_counts() {
    let Some(shared) = shared() else { return };
    let sample = shared.join("corpus/ccpd-sample");
    let limit = Duration::from_secs(120);
    let all = String::from_utf8(run(&["pgn", "stats", sample.to_str().unwrap()], "", limit).stdout)
        .unwrap();
    let out = run(
        &[
            "pgn",
            "stats",
            sample.to_str().unwrap(),
            "--top",
            "3",
            "--errors",
        ],
        "",
        limit,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let count = |text: &str, name: &str| -> u64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}: {text}"));
        line[name.len()..].trim().parse().unwrap()
    };
    let ecco: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("ecco ") && !l.starts_with("ecco others"))
        .collect();
    assert_eq!(ecco.len(), 3, "{text}");
    let all_ecco: Vec<&str> = all.lines().filter(|l| l.starts_with("ecco ")).collect();
    assert!(all_ecco.len() > 100);
    assert_eq!(ecco, &all_ecco[..3]);
    // The others line holds the rest: codes and games add up.
    let others = text
        .lines()
        .find(|l| l.starts_with("ecco others:"))
        .unwrap();
    let numbers: Vec<u64> = others
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers[0] as usize, all_ecco.len() - 3, "{others}");
    let top: u64 = ecco
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(top + numbers[1], count(&text, "games "), "{others}");
    // --errors: one line per record not read, and the warnings of the games counted as warned.
    let errors = text.lines().filter(|l| l.starts_with("error ")).count() as u64;
    assert_eq!(errors, count(&text, "errors "));
    let warnings: Vec<&str> = text.lines().filter(|l| l.starts_with("warning ")).collect();
    let warned = count(&text, "games with warnings ");
    assert!(
        warned > 0 && warnings.len() as u64 >= warned,
        "{warned} {}",
        warnings.len()
    );
    assert!(
        warnings.iter().all(|w| w.contains(".pgn: line ")),
        "{warnings:?}"
    );
}

#[test]
fn convert_to_a_folder_writes_one_xqf_file_per_game() {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-folder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    // Three games of the CCPD sample in one PGN file.
    let Some(shared) = shared() else { return };
    let sample = shared.join("corpus/ccpd-sample/對局/大師對局/以棋手分類/楊官璘");
    let mut all = String::new();
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(&sample).unwrap().take(3) {
        let source = entry.unwrap().path();
        let (ok, err) = convert(&[source.to_str().unwrap(), &path("one.pgn")]);
        assert!(ok, "{err}");
        all.push_str(&std::fs::read_to_string(path("one.pgn")).unwrap());
        all.push('\n');
        sources.push(std::fs::read_to_string(path("one.pgn")).unwrap());
    }
    std::fs::write(path("all.pgn"), &all).unwrap();
    let (ok, err) = convert(&[&path("all.pgn"), &path("out/")]);
    assert!(ok && err.contains("3 files written"), "{err}");
    let mut files: Vec<_> = std::fs::read_dir(dir.join("out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<_> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["all-0001.xqf", "all-0002.xqf", "all-0003.xqf"]);
    for (file, source) in files.iter().zip(&sources) {
        assert!(std::fs::read(file).unwrap().starts_with(b"XQ"));
        let (ok, err) = convert(&[file.to_str().unwrap(), &path("back.pgn")]);
        assert!(ok, "{err}");
        let moves = |text: &str| {
            text[text.find("\n\n").unwrap()..]
                .split_whitespace()
                .filter(|w| !w.starts_with('{'))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            moves(&std::fs::read_to_string(path("back.pgn")).unwrap()),
            moves(source)
        );
    }
    // An existing folder is a folder target without the slash; --format picks the format.
    let (ok, err) = convert(&[&path("all.pgn"), &path("out"), "--format", "pgn"]);
    assert!(ok, "{err}");
    assert!(dir.join("out/all-0002.pgn").exists());
    let (ok, err) = convert(&[&path("all.pgn"), &path("x.pgn"), "--format", "pgn"]);
    assert!(!ok && err.contains("--format is for a folder"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_lists_the_search_numbers_and_an_spsa_run_resumes_from_its_state() {
    let limit = Duration::from_secs(120);
    let out = run(&["tune", "params"], "", limit);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        xiangqi_search::params::TUNABLES.len(),
        "{text}"
    );
    for line in &lines {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[1], "int", "{line}");
        let numbers: Vec<i64> = fields[2..6].iter().map(|f| f.parse().unwrap()).collect();
        assert!(
            numbers[1] <= numbers[0] && numbers[0] <= numbers[2],
            "{line}"
        );
    }
    assert!(lines.iter().any(|l| l.starts_with("RFP_MARGIN, int, ")));

    for bad in [
        &["tune", "spsa", "--nodes", "0"][..],
        &["tune", "spsa", "--only", "RFP_MARGIN,BOGUS"],
        &["tune", "spsa", "--r-end", "-1"],
        &["tune", "spsa", "--iterations"],
        &["tune", "bogus"],
    ] {
        let out = run(bad, "", limit);
        assert!(!out.status.success(), "{bad:?}");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{bad:?}"
        );
    }

    let state = std::env::temp_dir().join(format!("xiangqi-spsa-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&state);
    let state_arg = state.to_str().unwrap();
    let args = [
        "tune",
        "spsa",
        "--iterations",
        "2",
        "--nodes",
        "300",
        "--pairs",
        "1",
        "--threads",
        "1",
        "--only",
        "RFP_MARGIN,LMR_BASE",
        "--state",
        state_arg,
    ];
    let out = run(&args, "", limit);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let values = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = values.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(names, ["RFP_MARGIN", "LMR_BASE"], "{values}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.starts_with("iteration 2\ngames 4\n"), "{saved}");
    // Run again: nothing left to play, the same values.
    let again = run(&args, "", limit);
    assert!(again.status.success());
    assert_eq!(String::from_utf8(again.stdout).unwrap(), values);
    assert_eq!(std::fs::read_to_string(&state).unwrap(), saved);
    // A damaged state is refused, not overwritten.
    std::fs::write(&state, "iteration two\n").unwrap();
    let out = run(&args, "", limit);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("iteration two"));
    let _ = std::fs::remove_file(&state);
}
