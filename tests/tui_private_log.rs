//! Log lines private to one seat (what it drew, what it was dealt): drawn for that seat only,
//! never for another seat, the public view or the hot-seat pass screen, and for everyone in the
//! replay of a finished game watched with every hand.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use table::shell::tui::theme::{PaletteKind, Theme};
use table::shell::tui::ui::{LineKind, LogFilter, LogLine};
use table::shell::tui::widgets::log::LogPanel;

fn line(kind: LineKind, text: &str) -> LogLine {
    LogLine {
        turn: 1,
        seat: Some(0),
        kind,
        text: text.into(),
    }
}

/// The log panel's text as `filter` lets it be drawn.
fn drawn(filter: LogFilter) -> String {
    let lines = [
        line(LineKind::Normal, "Blue drew a card"),
        line(LineKind::Private(0), "Blue drew Dragon Egg"),
        line(LineKind::Private(1), "Red drew Vault"),
    ];
    let theme = Theme::new(PaletteKind::Standard);
    let mut terminal = Terminal::new(TestBackend::new(40, 8)).expect("terminal");
    terminal
        .draw(|frame| {
            frame.render_widget(
                LogPanel {
                    lines: &lines,
                    colours: &[0, 1],
                    theme: &theme,
                    scroll: 0,
                    filter,
                },
                frame.area(),
            )
        })
        .expect("draws");
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_private_line_is_drawn_only_for_its_seat() {
    let public = drawn(LogFilter::default());
    assert!(public.contains("Blue drew a card"), "{public}");
    assert!(
        !public.contains("Dragon Egg") && !public.contains("Vault"),
        "{public}"
    );
    let blue = drawn(LogFilter {
        viewer: Some(0),
        every_hand: false,
    });
    assert!(
        blue.contains("Dragon Egg") && !blue.contains("Vault"),
        "{blue}"
    );
    let red = drawn(LogFilter {
        viewer: Some(1),
        every_hand: false,
    });
    assert!(
        red.contains("Vault") && !red.contains("Dragon Egg"),
        "{red}"
    );
    let replay = drawn(LogFilter {
        viewer: Some(1),
        every_hand: true,
    });
    assert!(
        replay.contains("Vault") && replay.contains("Dragon Egg"),
        "{replay}"
    );
}
