//! `tashkalar`: the table's games in the terminal. The command line is the shell's
//! ([`table::shell::cli`]); this program only hands it the list of games ([`table::games`]).

fn main() -> std::process::ExitCode {
    table::shell::cli::main(table::games::registry())
}
