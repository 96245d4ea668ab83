//! Boilerplate detection by shallow text features (Kohlschütter, Fankhauser and Nejdl 2010,
//! "Boilerplate Detection using Shallow Text Features", WSDM): each block of a page is content
//! or boilerplate depending on its link density and text density and those of its neighbours.
//! The rules are the paper's densitometric decision tree as boilerpipe ships it
//! (`DensityRulesClassifier`).

/// The features of one block.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features {
    pub words: u32,
    /// Words inside links / words.
    pub link_density: f64,
    /// Words per line when the text is wrapped at 80 columns (the last, partial line not
    /// counted), or the word count for a block of one line.
    pub text_density: f64,
}

/// Wrap width of the text-density feature.
pub const WRAP_COLUMNS: usize = 80;

/// Features of a block with `text`, of which `anchor_words` words sit inside links.
pub fn features(text: &str, anchor_words: u32) -> Features {
    let mut words = 0u32;
    let mut line_len = 0usize;
    let mut wrapped_lines = 0u32;
    let mut words_in_wrapped = 0u32;
    let mut words_in_line = 0u32;
    for w in text.split_whitespace() {
        let counts = w.chars().any(char::is_alphanumeric);
        let len = w.chars().count();
        if line_len + len > WRAP_COLUMNS {
            wrapped_lines += 1;
            words_in_wrapped += words_in_line;
            words_in_line = 0;
            line_len = 0;
        }
        line_len += len + 1;
        if counts {
            words += 1;
            words_in_line += 1;
        }
    }
    let (dense_words, lines) = if words_in_wrapped == 0 {
        (words, 1)
    } else {
        (words_in_wrapped, wrapped_lines.max(1))
    };
    Features {
        words,
        link_density: if words == 0 {
            0.0
        } else {
            (anchor_words.min(words)) as f64 / words as f64
        },
        text_density: dense_words as f64 / lines as f64,
    }
}

/// Classifies blocks in page order: `true` for content. Out-of-page neighbours count as empty
/// blocks (all features 0), as in boilerpipe.
pub fn classify(blocks: &[Features]) -> Vec<bool> {
    let empty = Features::default();
    (0..blocks.len())
        .map(|i| {
            let prev = if i == 0 { &empty } else { &blocks[i - 1] };
            let next = blocks.get(i + 1).unwrap_or(&empty);
            is_content(prev, &blocks[i], next)
        })
        .collect()
}

/// The densitometric decision tree.
fn is_content(prev: &Features, curr: &Features, next: &Features) -> bool {
    if curr.link_density > 0.333_333 {
        return false;
    }
    if prev.link_density <= 0.555_556 {
        if curr.text_density <= 9.0 {
            if next.text_density <= 10.0 {
                prev.text_density > 4.0
            } else {
                true
            }
        } else {
            next.text_density != 0.0
        }
    } else {
        next.text_density > 11.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn densities() {
        let f = features("Home About Contact", 3);
        assert_eq!(f.words, 3);
        assert_eq!(f.link_density, 1.0);
        assert_eq!(f.text_density, 3.0);
        let long = "word ".repeat(40); // 16 words fill an 80-column line; the third is partial
        let f = features(&long, 0);
        assert_eq!(f.words, 40);
        assert_eq!(f.text_density, 16.0);
    }

    #[test]
    fn navigation_and_article() {
        let nav = features("Home News Sport Weather", 4);
        let para = features(
            &"The council voted on Tuesday to close the old bridge. ".repeat(4),
            0,
        );
        let footer = features("Privacy Terms Contact Sitemap", 4);
        let classes = classify(&[nav, para, para, footer]);
        assert_eq!(classes, vec![false, true, true, false]);
    }
}
