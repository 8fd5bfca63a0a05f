//! The `KEY=VALUE` arguments every example takes (`cargo run --release --example tactics --
//! bots=greedy seed=2`), read one way everywhere.
// Each example compiles its own copy and uses only part of it.
#![allow(dead_code)]

use std::str::FromStr;

/// The process's arguments, as `KEY=VALUE` pairs.
pub struct Args(Vec<(String, String)>);

impl Args {
    /// Reads the process's arguments; one that is not `KEY=VALUE` is an error naming it.
    pub fn from_env() -> Result<Args, String> {
        std::env::args()
            .skip(1)
            .map(|a| match a.split_once('=') {
                Some((k, v)) => Ok((k.to_string(), v.to_string())),
                None => Err(format!("expected KEY=VALUE, got {a}")),
            })
            .collect::<Result<_, _>>()
            .map(Args)
    }

    /// The value given for `key`, if any (the last one if given twice).
    pub fn get(&self, key: &str) -> Option<String> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// The value for `key` read as a `T`, or `default` when it is not given; a value that does
    /// not read is an error naming the key.
    pub fn parse<T: FromStr>(&self, key: &str, default: T) -> Result<T, String> {
        self.get(key).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("{key}={v}: not a valid value"))
        })
    }

    /// The value for `key` read as a `T`, `None` when it is not given.
    pub fn optional<T: FromStr>(&self, key: &str) -> Result<Option<T>, String> {
        self.get(key)
            .map(|v| {
                v.parse()
                    .map_err(|_| format!("{key}={v}: not a valid value"))
            })
            .transpose()
    }

    /// `KEY=1` is true, any other value false; `None` when the key is not given.
    pub fn flag(&self, key: &str) -> Option<bool> {
        self.get(key).map(|v| v == "1")
    }
}
