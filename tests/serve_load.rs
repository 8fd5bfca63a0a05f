//! Fifty connections at once to `tashkalar serve` (issue 52): 25 tables of High Ground for two,
//! opened from the lobby, then every client makes its decisions at the same time. Each key
//! must bring its redraw within the kit's generous patience (a liveness check, not a timing:
//! the machine is shared), and the server must still be up at the end.
//!
//! The server takes at most 8 connections from one address (64 in all). Linux routes all of
//! 127.0.0.0/8 to this machine, so the clients connect from ten loopback addresses
//! (127.0.0.1-127.0.0.10, five clients each) to the server's 127.0.0.1: the per-address limit
//! stays as it is, and the test needs no knob in the server.

mod serve_kit;

use serve_kit::*;
use std::net::{IpAddr, Ipv4Addr};

const TABLES: usize = 25;
/// The log entries each table plays to once every table is open (a few decisions of each
/// seat while the board is laid). Both seats stop at the same count: a seat stopping at its
/// own count of decisions could leave the other waiting for it.
const LOGGED: usize = 8;

/// The loopback address client `i` connects from: ten of them, five clients each.
fn loopback(i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % 10) as u8))
}

#[test]
fn fifty_connections_play_at_once() {
    let mut server = Server::start("load");
    runtime().block_on(async {
        let tables = open_tables(&server, TABLES, loopback).await;
        let lobby = Person::connect_from(loopback(50), server.address, 120, 60).await;
        let shown = lobby.wait_for("Tables of this server").await;
        assert_eq!(
            shown
                .matches("High Ground · Blue playing, Red playing")
                .count(),
            TABLES,
            "every table is listed with both seats playing:\n{shown}"
        );
        drop(lobby);

        // Everyone plays at once: each client's seat decides on its turns.
        let players = tables.iter().enumerate().flat_map(|(t, (blue, red))| {
            [(blue, 2 * t), (red, 2 * t + 1)].map(|(person, i)| {
                play_seat(
                    person,
                    Picks::new(i as u64),
                    |s| log_entries(s) >= LOGGED,
                    usize::MAX,
                    |_| {},
                )
            })
        });
        let played = join_all(players.collect()).await;
        assert!(played.iter().all(|p| p.made > 0), "every client decided");
    });
    assert!(server.running(), "the server is still up");
}
