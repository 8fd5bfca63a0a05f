//! Load on `tashkalar serve` (issue 52; the figure in docs/perf.md): starts the built program
//! (`cargo build --release` first), opens N tables of High Ground for two from the lobby (2N
//! connections, from ten loopback addresses as the server takes at most 8 from one), then every
//! client plays its seat at once, each decision through the keys a person presses (`c` lists
//! every choice, ↓ and Enter take one), until each table's log holds `entries` entries. Prints
//! the key-to-redraw latency (from a key sent to the first bytes back) of `c` and Enter at the
//! median and the 99th percentile, and what the lobby listed.
//!
//! `cargo run --release --example serve_load -- tables=15 entries=10`

#[path = "../tests/serve_kit/mod.rs"]
mod serve_kit;

use serve_kit::*;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

fn main() {
    let mut tables = 5;
    let mut entries = 10;
    for arg in std::env::args().skip(1) {
        match arg.split_once('=') {
            Some(("tables", n)) => tables = n.parse().expect("tables=N"),
            Some(("entries", n)) => entries = n.parse().expect("entries=N"),
            _ => panic!("usage: serve_load [tables=N] [entries=N]"),
        }
    }
    assert!(
        program().exists(),
        "{} is missing: cargo build --release first",
        program().display()
    );
    let server = Server::start("load-example");
    let loopback = |i: usize| IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % 10) as u8));
    runtime().block_on(async {
        let start = Instant::now();
        let people = open_tables(&server, tables, loopback).await;
        let opened = start.elapsed();
        let watcher = Person::connect_from(loopback(2 * tables), server.address, 100, 60).await;
        let shown = watcher.wait_for("Tables of this server").await;
        let held = shown.matches("Blue playing, Red playing").count();
        drop(watcher);

        let start = Instant::now();
        let mut all = Vec::new();
        for (t, (blue, red)) in people.iter().enumerate() {
            for (i, person) in [(2 * t, blue), (2 * t + 1, red)] {
                all.push(play_seat(
                    person,
                    Picks::new(i as u64),
                    move |s| log_entries(s) >= entries,
                    usize::MAX,
                    |_| {},
                ));
            }
        }
        let played = join_all(all).await;
        let played_for = start.elapsed();
        let mut latencies: Vec<Duration> =
            played.iter().flat_map(|p| p.latencies.clone()).collect();
        latencies.sort();
        let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
        let decisions: usize = played.iter().map(|p| p.made).sum();
        println!(
            "tables={tables} connections={} listed-by-the-lobby={held} opened-in={:.1}s",
            2 * tables,
            opened.as_secs_f64()
        );
        println!(
            "decisions={decisions} in {:.1}s, keys timed={} median={:.1}ms p99={:.1}ms max={:.1}ms",
            played_for.as_secs_f64(),
            latencies.len(),
            at(0.5).as_secs_f64() * 1e3,
            at(0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    });
}
