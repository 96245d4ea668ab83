//! Where each pane goes, computed from the terminal size alone, so `update` (which moves
//! cursors by rows and pages) and `render` agree on every pane's size.

use ratatui::layout::Rect;

/// The panes of the explorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panes {
    pub title: Rect,
    pub hex: Rect,
    pub text: Rect,
    /// The tabbed panel (candidates, evidence, anomalies, files; inspector too when narrow).
    pub panel: Rect,
    /// The inspector, when there is room for it beside the panel.
    pub inspector: Option<Rect>,
    pub status: Rect,
    /// Bytes per hex row.
    pub bytes_per_row: usize,
}

/// Width of a hex pane showing `bpr` bytes per row: borders, an 8-digit offset, the hex columns
/// and the text gutter.
pub fn hex_width(bpr: usize) -> u16 {
    (2 + 8 + 2 + bpr * 3 + 1 + bpr) as u16
}

/// Lays out a terminal of `width` × `height` (at least 80 × 24 is comfortable; smaller works).
pub fn compute(width: u16, height: u16) -> Panes {
    let width = width.max(20);
    let height = height.max(8);
    let title = Rect::new(0, 0, width, 1);
    let status = Rect::new(0, height - 1, width, 1);
    let main_h = height - 2;
    // The panel needs about nine rows for the inspector's bit layout of a 2-byte character.
    let panel_h = if height >= 30 {
        main_h * 2 / 5
    } else {
        (main_h * 45 / 100).clamp(4, 10)
    };
    let top_h = main_h - panel_h;
    let bpr = [16usize, 8, 4]
        .into_iter()
        .find(|&b| hex_width(b) as u32 * 10 <= width as u32 * 6)
        .unwrap_or(4);
    let hex_w = hex_width(bpr).min(width.saturating_sub(10));
    let hex = Rect::new(0, 1, hex_w, top_h);
    let text = Rect::new(hex_w, 1, width - hex_w, top_h);
    let (panel, inspector) = if width >= 110 {
        let left = width / 2;
        (
            Rect::new(0, 1 + top_h, left, panel_h),
            Some(Rect::new(left, 1 + top_h, width - left, panel_h)),
        )
    } else {
        (Rect::new(0, 1 + top_h, width, panel_h), None)
    };
    Panes {
        title,
        hex,
        text,
        panel,
        inspector,
        status,
        bytes_per_row: bpr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let p = compute(80, 24);
        assert_eq!(p.bytes_per_row, 8);
        assert!(p.inspector.is_none());
        assert_eq!(p.hex.width + p.text.width, 80);
        assert_eq!(
            p.title.height + p.hex.height + p.panel.height + p.status.height,
            24
        );
        let q = compute(120, 40);
        assert_eq!(q.bytes_per_row, 8);
        assert!(q.inspector.is_some());
        assert_eq!(compute(160, 50).bytes_per_row, 16);
        let tiny = compute(30, 10);
        assert!(tiny.hex.width > 0 && tiny.text.width > 0);
    }
}
