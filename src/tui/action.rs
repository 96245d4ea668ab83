//! Every state change of the explorer is an [`Action`] (keys and mouse events become actions in
//! [`super::keys`], and nowhere else).

use super::worker::JobMsg;
use crate::decode::Charset;

/// A cursor motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    Left,
    Right,
    Up,
    Down,
    PageUp,
    PageDown,
    /// Start of the row.
    Home,
    /// End of the row.
    End,
    /// Start of the document.
    Top,
    /// End of the document.
    Bottom,
}

/// What a prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    Goto,
    Search,
    /// A query to match before and after normalisation.
    Query,
}

/// A state change.
#[derive(Debug)]
pub enum Action {
    Quit,
    Move(Motion),
    FocusNext,
    FocusPrev,
    ShowTab(Tab),
    /// Move the selection of the panel's list.
    SelectDelta(i64),
    /// Enter on the panel's selection.
    Activate,
    /// Space in the candidates list: mark for side-by-side.
    ToggleMark,
    ToggleCompare,
    NextAnomaly,
    PrevAnomaly,
    OpenPrompt(PromptKind),
    PromptChar(char),
    PromptBackspace,
    PromptSubmit,
    /// Esc: close an overlay (or quit when none is open).
    Escape,
    ToggleHelp,
    Click {
        x: u16,
        y: u16,
    },
    Wheel {
        x: u16,
        y: u16,
        down: bool,
    },
    Resize(u16, u16),
    /// Jump to a byte offset.
    Goto(u64),
    /// View the document under another encoding.
    SetCharset(Charset),
    /// Switch to document `n`.
    OpenDoc(usize),
    /// A message from a background job.
    Job(JobMsg),
    /// `r`: the decoded text ↔ the normalised text.
    ToggleNormalized,
    /// `p`: step through the pipeline, one step's changes at a time.
    NextStep,
    /// `x`: the source text ↔ the extracted text of the selected unit.
    ToggleExtracted,
    /// `C`: the corpus view, when there is a corpus.
    ShowCorpus,
    /// Tab in the corpus view: the next table (true: the previous).
    CorpusNextTable(bool),
    /// `o` in the corpus view: the next sort order.
    CorpusSort,
}

/// The tabs of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Inspector,
    Candidates,
    Evidence,
    Anomalies,
    Files,
    /// The format, the extractor and the document units with their diagnostics.
    Units,
    /// The language of the document and of each passage.
    Language,
}
