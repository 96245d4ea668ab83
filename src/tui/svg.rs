//! A drawn frame as an SVG picture: the README's screenshots come from the real explorer
//! (`delineate demo --headless 120x36 --keys … --svg`, run by `scripts/screenshots.sh`), so they
//! cannot drift from the program. Each run of cells with one style becomes a `<text>` stretched
//! to its cells (`textLength`), so box drawing and wide characters stay on the grid whatever
//! font the viewer has.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

const CELL_W: f64 = 8.4;
const CELL_H: f64 = 17.0;
const BACKGROUND: &str = "#1e1e1e";
const FOREGROUND: &str = "#d4d4d4";

/// The colour of `c` (the 16 named colours as a dark terminal theme shows them), or `None`
/// for the terminal's default.
fn rgb(c: Color) -> Option<String> {
    let named = |s: &str| Some(s.to_string());
    match c {
        Color::Reset => None,
        Color::Black => named("#000000"),
        Color::Red => named("#cd3131"),
        Color::Green => named("#0dbc79"),
        Color::Yellow => named("#e5e510"),
        Color::Blue => named("#2472c8"),
        Color::Magenta => named("#bc3fbc"),
        Color::Cyan => named("#11a8cd"),
        Color::Gray => named("#e5e5e5"),
        Color::DarkGray => named("#666666"),
        Color::LightRed => named("#f14c4c"),
        Color::LightGreen => named("#23d18b"),
        Color::LightYellow => named("#f5f543"),
        Color::LightBlue => named("#3b8eea"),
        Color::LightMagenta => named("#d670d6"),
        Color::LightCyan => named("#29b8db"),
        Color::White => named("#ffffff"),
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(i) => Some(indexed(i)),
    }
}

/// The xterm 256-colour palette: 16 system colours, a 6×6×6 cube, 24 greys.
fn indexed(i: u8) -> String {
    const SYSTEM: [Color; 16] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    match i {
        0..=15 => rgb(SYSTEM[i as usize]).unwrap_or_default(),
        16..=231 => {
            let n = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            format!(
                "#{:02x}{:02x}{:02x}",
                level(n / 36),
                level((n / 6) % 6),
                level(n % 6)
            )
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 allows no C0 controls but TAB, LF, CR (the explorer draws none anyway).
            c if (c as u32) < 0x20 => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// One cell's look: foreground, background, bold, dim, italic, underlined.
#[derive(Clone, PartialEq)]
struct Look {
    fg: Option<String>,
    bg: Option<String>,
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
}

fn look(cell: &ratatui::buffer::Cell) -> Look {
    let m = cell.modifier;
    let (mut fg, mut bg) = (rgb(cell.fg), rgb(cell.bg));
    if m.contains(Modifier::REVERSED) {
        let f = fg.take().unwrap_or_else(|| FOREGROUND.into());
        fg = Some(bg.take().unwrap_or_else(|| BACKGROUND.into()));
        bg = Some(f);
    }
    Look {
        fg,
        bg,
        bold: m.contains(Modifier::BOLD),
        dim: m.contains(Modifier::DIM),
        italic: m.contains(Modifier::ITALIC),
        underline: m.contains(Modifier::UNDERLINED),
    }
}

/// The frame in `buf` as a standalone SVG document.
pub fn buffer_svg(buf: &Buffer) -> String {
    let (w, h) = (buf.area.width, buf.area.height);
    let (pw, ph) = (w as f64 * CELL_W + 16.0, h as f64 * CELL_H + 16.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw:.0}\" height=\"{ph:.0}\" viewBox=\"0 0 {pw:.1} {ph:.1}\" font-family=\"'DejaVu Sans Mono', Menlo, Consolas, monospace\" font-size=\"14\">\n<rect width=\"100%\" height=\"100%\" rx=\"6\" fill=\"{BACKGROUND}\"/>\n<g transform=\"translate(8 8)\" xml:space=\"preserve\">\n"
    );
    for y in 0..h {
        // Runs of cells with one look: (first column, cells, text, look).
        let mut runs: Vec<(u16, u16, String, Look)> = Vec::new();
        let mut x = 0;
        while x < w {
            let cell = &buf[(x, y)];
            let sym = cell.symbol();
            let cells = sym.width().max(1) as u16;
            let l = look(cell);
            match runs.last_mut() {
                Some(r) if r.3 == l => {
                    r.1 += cells;
                    r.2.push_str(sym);
                }
                _ => runs.push((x, cells, sym.to_string(), l)),
            }
            x += cells;
        }
        let top = y as f64 * CELL_H;
        for (x0, n, _, l) in &runs {
            if let Some(bg) = &l.bg {
                out.push_str(&format!(
                    "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{CELL_H:.1}\" fill=\"{bg}\"/>\n",
                    *x0 as f64 * CELL_W,
                    *n as f64 * CELL_W
                ));
            }
        }
        for (x0, n, text, l) in &runs {
            if text.trim().is_empty() {
                continue;
            }
            let mut attrs = format!(
                "x=\"{:.1}\" y=\"{:.1}\" textLength=\"{:.1}\" lengthAdjust=\"spacingAndGlyphs\" fill=\"{}\"",
                *x0 as f64 * CELL_W,
                top + CELL_H * 0.78,
                *n as f64 * CELL_W,
                l.fg.as_deref().unwrap_or(FOREGROUND)
            );
            if l.bold {
                attrs.push_str(" font-weight=\"bold\"");
            }
            if l.dim {
                attrs.push_str(" opacity=\"0.6\"");
            }
            if l.italic {
                attrs.push_str(" font-style=\"italic\"");
            }
            if l.underline {
                attrs.push_str(" text-decoration=\"underline\"");
            }
            out.push_str(&format!("<text {attrs}>{}</text>\n", escape(text)));
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn cells_become_runs_on_the_grid() {
        let mut b = Buffer::empty(Rect::new(0, 0, 6, 1));
        b.set_string(0, 0, "ab", Style::default().fg(Color::Red));
        b.set_string(2, 0, "<é", Style::default().add_modifier(Modifier::BOLD));
        let svg = buffer_svg(&b);
        assert!(
            svg.contains(">ab</text>") && svg.contains("#cd3131"),
            "{svg}"
        );
        assert!(svg.contains("font-weight=\"bold\">&lt;é</text>"), "{svg}");
        assert!(svg.contains("textLength=\"16.8\""), "{svg}");
    }

    #[test]
    fn the_256_colour_cube() {
        assert_eq!(indexed(16), "#000000");
        assert_eq!(indexed(231), "#ffffff");
        assert_eq!(indexed(244), "#808080");
    }
}
