//! A subcommand's options, `--name value`: their values, read with errors that name the option.

use std::str::FromStr;

/// The value after option `name`.
pub fn value<'a>(
    it: &mut impl Iterator<Item = &'a String>,
    name: &str,
) -> Result<&'a String, String> {
    it.next().ok_or_else(|| format!("{name} needs a value"))
}

/// `text`, the value of option `name`, as a number.
pub fn parse_number<T: FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name} needs a number, not {text:?}"))
}

/// The value after option `name`, as a number.
pub fn number<'a, T: FromStr>(
    it: &mut impl Iterator<Item = &'a String>,
    name: &str,
) -> Result<T, String> {
    parse_number(name, value(it, name)?)
}
