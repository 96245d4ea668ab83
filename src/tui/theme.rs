//! Styles: byte classes and anomaly classes, in colour or, with `NO_COLOR` set, with text
//! attributes only (bold, underline, italic, reverse, dim), so every class stays distinguishable.

use crate::anomaly::AnomalyClass;
use crate::decode::window::ByteClass;
use ratatui::style::{Color, Modifier, Style};

/// The styles of one session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value (no-color.org).
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn pick(&self, color: Style, plain: Style) -> Style {
        if self.color { color } else { plain }
    }

    /// The style of a byte in the hex pane.
    pub fn byte(&self, c: ByteClass) -> Style {
        let s = Style::default();
        match c {
            ByteClass::AsciiPrintable => s,
            ByteClass::AsciiControl => {
                self.pick(s.fg(Color::Yellow), s.add_modifier(Modifier::DIM))
            }
            ByteClass::Lead2 => self.pick(
                s.fg(Color::Cyan).add_modifier(Modifier::BOLD),
                s.add_modifier(Modifier::BOLD),
            ),
            ByteClass::Lead3 => self.pick(
                s.fg(Color::LightBlue).add_modifier(Modifier::BOLD),
                s.add_modifier(Modifier::BOLD | Modifier::ITALIC),
            ),
            ByteClass::Lead4 => self.pick(
                s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
                s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            ),
            ByteClass::Continuation => {
                self.pick(s.fg(Color::Green), s.add_modifier(Modifier::UNDERLINED))
            }
            ByteClass::HighSingle => {
                self.pick(s.fg(Color::LightCyan), s.add_modifier(Modifier::ITALIC))
            }
            ByteClass::Invalid => self.pick(
                s.fg(Color::White)
                    .bg(Color::Red)
                    .add_modifier(Modifier::BOLD),
                s.add_modifier(Modifier::REVERSED),
            ),
            ByteClass::Bom => self.pick(
                s.fg(Color::Black).bg(Color::Yellow),
                s.add_modifier(Modifier::REVERSED | Modifier::ITALIC),
            ),
            ByteClass::NoChar => self.pick(s.fg(Color::DarkGray), s.add_modifier(Modifier::DIM)),
        }
    }

    /// The style of an anomaly placeholder in the text pane.
    pub fn anomaly(&self, c: AnomalyClass) -> Style {
        let s = Style::default();
        let bg = match c {
            AnomalyClass::Replacement => Color::Red,
            AnomalyClass::Bidi => Color::LightRed,
            AnomalyClass::Control | AnomalyClass::Delete | AnomalyClass::C1Control => Color::Yellow,
            AnomalyClass::ZeroWidth | AnomalyClass::BomMidText => Color::Magenta,
            AnomalyClass::SoftHyphen
            | AnomalyClass::NonStandardSpace
            | AnomalyClass::LineSeparator => Color::Blue,
            _ => Color::DarkGray,
        };
        self.pick(
            s.fg(Color::Black).bg(bg),
            s.add_modifier(Modifier::REVERSED),
        )
    }

    /// Characters of a finding over a word or a sequence (mojibake, an entity, a split word):
    /// underlined, in a colour by class (without colour: underlined and bold).
    pub fn finding(&self, c: AnomalyClass) -> Style {
        let fg = match c {
            AnomalyClass::MojibakeWord => Color::LightRed,
            AnomalyClass::Entity => Color::Yellow,
            AnomalyClass::LineEndHyphen => Color::LightBlue,
            _ => Color::LightMagenta,
        };
        self.pick(
            Style::default().fg(fg).add_modifier(Modifier::UNDERLINED),
            Style::default().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
        )
    }

    /// The cursor.
    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// Other bytes of the character under the cursor.
    pub fn same_char(&self) -> Style {
        self.pick(
            Style::default()
                .bg(Color::DarkGray)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// A pane's border when it has the focus.
    pub fn focused(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Yellow),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// Text a normalisation step changed, or a query match.
    pub fn changed(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Black).bg(Color::Green),
            Style::default().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
        )
    }

    /// A language's colour (stable per code, so a language keeps its colour across the
    /// list, the text and the inspector); `und`, groups and `mul` are dim. Without colour the
    /// passages are told apart by the code shown next to them.
    pub fn language(&self, code: &str) -> Style {
        if code == "und" || code == "mul" || code.contains('|') {
            return self.dim();
        }
        const PALETTE: [Color; 6] = [
            Color::LightCyan,
            Color::LightMagenta,
            Color::LightYellow,
            Color::LightGreen,
            Color::LightBlue,
            Color::LightRed,
        ];
        let h = code
            .bytes()
            .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
        self.pick(
            Style::default().fg(PALETTE[h as usize % PALETTE.len()]),
            Style::default(),
        )
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        Style::default().add_modifier(Modifier::DIM)
    }

    /// Warnings (conflicts).
    pub fn warn(&self) -> Style {
        self.pick(
            Style::default().fg(Color::LightRed),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// Selected list row.
    pub fn selected(&self) -> Style {
        self.pick(
            Style::default().bg(Color::Blue).fg(Color::White),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }
}

/// One-cell placeholder glyph for each anomaly class (the legend lists them).
pub fn glyph(class: AnomalyClass, c: char) -> char {
    match class {
        AnomalyClass::Control => char::from_u32(0x2400 + c as u32).unwrap_or('?'),
        AnomalyClass::Delete => '␡',
        AnomalyClass::C1Control => '◆',
        AnomalyClass::ZeroWidth => '¦',
        AnomalyClass::Bidi => '⇄',
        AnomalyClass::SoftHyphen => '¬',
        AnomalyClass::NonStandardSpace => '⍽',
        AnomalyClass::LineSeparator => '⏎',
        AnomalyClass::BomMidText => '⊚',
        AnomalyClass::Replacement => '�',
        AnomalyClass::PrivateUse => '▯',
        AnomalyClass::Noncharacter => '▮',
        AnomalyClass::Tag => '⌑',
        AnomalyClass::VariationSelector => '∿',
        AnomalyClass::Unassigned => '⍰',
        AnomalyClass::DecodeError => '�',
        AnomalyClass::DeletedBytes => '✂',
        AnomalyClass::UnbalancedBidi => '⇆',
        AnomalyClass::Ligature
        | AnomalyClass::FullWidth
        | AnomalyClass::SuperSubscript
        | AnomalyClass::HyphenLookalike
        | AnomalyClass::QuoteLookalike => '≈',
        AnomalyClass::Decomposed => '◌',
        AnomalyClass::MixedForms => '◎',
        AnomalyClass::LineEndHyphen => '⌇',
        AnomalyClass::HardLineBreak => '↵',
        AnomalyClass::LayoutSpaces => '␣',
        AnomalyClass::TabColumns => '⇥',
        AnomalyClass::Entity => '&',
        AnomalyClass::MojibakeWord => 'Ã',
        AnomalyClass::MixedScript => '≠',
    }
}

/// Legend of byte classes: (class, label, sample cell).
pub const BYTE_LEGEND: [(ByteClass, &str); 10] = [
    (ByteClass::AsciiPrintable, "ASCII"),
    (ByteClass::AsciiControl, "ASCII control"),
    (ByteClass::Lead2, "lead of 2"),
    (ByteClass::Lead3, "lead of 3"),
    (ByteClass::Lead4, "lead of 4"),
    (ByteClass::Continuation, "continuation"),
    (ByteClass::HighSingle, "1-byte char ≥80"),
    (ByteClass::Invalid, "invalid"),
    (ByteClass::Bom, "BOM"),
    (ByteClass::NoChar, "no char"),
];
