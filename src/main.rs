//! The table's program: its command line is the shell's ([`table::shell::cli`]), and this only
//! hands it the list of games ([`table::games`]). It names no game, so adding one never touches it.

fn main() -> std::process::ExitCode {
    table::shell::cli::main(table::games::registry())
}
