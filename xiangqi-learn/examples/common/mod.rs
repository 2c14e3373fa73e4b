//! What the benchmark examples share: CPU seconds, the thread pool and the flags.

use std::collections::HashMap;

/// The process's CPU seconds (user and system, all threads), where Linux tells them: fields 14
/// and 15 of `/proc/self/stat`, in clock ticks of 1/100 s.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// The `--name value` flags of the command line, each one of `known`; exits with a message on
/// another.
pub fn flags(known: &[&str]) -> HashMap<String, String> {
    let mut flags = HashMap::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.strip_prefix("--").filter(|name| known.contains(name)) {
            Some(name) => {
                flags.insert(name.to_owned(), args.next().unwrap_or_default());
            }
            None => {
                eprintln!("unknown argument {arg:?} (known: --{})", known.join(", --"));
                std::process::exit(2);
            }
        }
    }
    flags
}

/// The value of flag `name`, or `default` when it is absent or does not parse.
pub fn flag<T: std::str::FromStr>(flags: &HashMap<String, String>, name: &str, default: T) -> T {
    flags
        .get(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A pool of `threads` threads (0: one a core); exits with a message when none can be made.
pub fn thread_pool(threads: usize) -> rayon::ThreadPool {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("no thread pool: {e}");
            std::process::exit(1);
        }
    }
}
