//! EBCDIC code pages of the Latin-1 repertoire: IBM's country pages (IBM037 US, IBM273
//! German, IBM297 French…), IBM500 International, IBM1047 of z/OS UNIX, and their euro
//! versions IBM1140–IBM1149. Mainframe exports, COBOL records and z/OS files are written in
//! them. None is ASCII-compatible: letters sit at 0x81–0xA9 and 0xC1–0xE9, digits at
//! 0xF0–0xF9, the space at 0x40. The pages agree on letters, digits and the space (IBM's
//! "invariant" set) and differ on accented letters and brackets, so the words where they
//! differ tell them apart, as the likely verdict weighs them. Tables: `ebcdic_tables.rs`.

use super::ebcdic_tables::*;

/// One EBCDIC code page of the Latin-1 repertoire (every byte one character).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EbcdicPage {
    Ibm037,
    Ibm273,
    Ibm277,
    Ibm278,
    Ibm280,
    Ibm284,
    Ibm285,
    Ibm297,
    Ibm500,
    Ibm871,
    Ibm1047,
    Ibm1140,
    Ibm1141,
    Ibm1142,
    Ibm1143,
    Ibm1144,
    Ibm1145,
    Ibm1146,
    Ibm1147,
    Ibm1148,
    Ibm1149,
}

impl EbcdicPage {
    /// Every page, the commonest first (a tie between readings goes to the earlier page).
    pub const ALL: [EbcdicPage; 21] = [
        EbcdicPage::Ibm037,
        EbcdicPage::Ibm500,
        EbcdicPage::Ibm1047,
        EbcdicPage::Ibm273,
        EbcdicPage::Ibm297,
        EbcdicPage::Ibm285,
        EbcdicPage::Ibm284,
        EbcdicPage::Ibm280,
        EbcdicPage::Ibm277,
        EbcdicPage::Ibm278,
        EbcdicPage::Ibm871,
        EbcdicPage::Ibm1140,
        EbcdicPage::Ibm1148,
        EbcdicPage::Ibm1141,
        EbcdicPage::Ibm1147,
        EbcdicPage::Ibm1146,
        EbcdicPage::Ibm1145,
        EbcdicPage::Ibm1144,
        EbcdicPage::Ibm1142,
        EbcdicPage::Ibm1143,
        EbcdicPage::Ibm1149,
    ];

    /// The page's place in [`EbcdicPage::ALL`] (a slot in per-page caches).
    pub fn index(self) -> usize {
        EbcdicPage::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }

    /// The IANA name (`IBM037`, `IBM01140`: IANA writes the euro pages with five digits).
    pub fn name(self) -> &'static str {
        match self {
            EbcdicPage::Ibm037 => "IBM037",
            EbcdicPage::Ibm273 => "IBM273",
            EbcdicPage::Ibm277 => "IBM277",
            EbcdicPage::Ibm278 => "IBM278",
            EbcdicPage::Ibm280 => "IBM280",
            EbcdicPage::Ibm284 => "IBM284",
            EbcdicPage::Ibm285 => "IBM285",
            EbcdicPage::Ibm297 => "IBM297",
            EbcdicPage::Ibm500 => "IBM500",
            EbcdicPage::Ibm871 => "IBM871",
            EbcdicPage::Ibm1047 => "IBM1047",
            EbcdicPage::Ibm1140 => "IBM01140",
            EbcdicPage::Ibm1141 => "IBM01141",
            EbcdicPage::Ibm1142 => "IBM01142",
            EbcdicPage::Ibm1143 => "IBM01143",
            EbcdicPage::Ibm1144 => "IBM01144",
            EbcdicPage::Ibm1145 => "IBM01145",
            EbcdicPage::Ibm1146 => "IBM01146",
            EbcdicPage::Ibm1147 => "IBM01147",
            EbcdicPage::Ibm1148 => "IBM01148",
            EbcdicPage::Ibm1149 => "IBM01149",
        }
    }

    /// The page's number (`37`, `1140`): labels are spelled from it (`cp037`, `ibm-1140`).
    pub fn number(self) -> u16 {
        match self {
            EbcdicPage::Ibm037 => 37,
            EbcdicPage::Ibm273 => 273,
            EbcdicPage::Ibm277 => 277,
            EbcdicPage::Ibm278 => 278,
            EbcdicPage::Ibm280 => 280,
            EbcdicPage::Ibm284 => 284,
            EbcdicPage::Ibm285 => 285,
            EbcdicPage::Ibm297 => 297,
            EbcdicPage::Ibm500 => 500,
            EbcdicPage::Ibm871 => 871,
            EbcdicPage::Ibm1047 => 1047,
            EbcdicPage::Ibm1140 => 1140,
            EbcdicPage::Ibm1141 => 1141,
            EbcdicPage::Ibm1142 => 1142,
            EbcdicPage::Ibm1143 => 1143,
            EbcdicPage::Ibm1144 => 1144,
            EbcdicPage::Ibm1145 => 1145,
            EbcdicPage::Ibm1146 => 1146,
            EbcdicPage::Ibm1147 => 1147,
            EbcdicPage::Ibm1148 => 1148,
            EbcdicPage::Ibm1149 => 1149,
        }
    }

    /// The page of a label (lower-cased): `cp037`, `ibm037`, `ibm-37`, `ibm01140`, `cp1140`,
    /// `ccsid1047`, and IANA's aliases `ebcdic-cp-us`, `ebcdic-cp-be`, `ebcdic-de-273+euro`…
    pub fn for_label(norm: &str) -> Option<EbcdicPage> {
        let named = match norm {
            "ebcdic-cp-us" | "ebcdic-cp-ca" | "ebcdic-cp-wt" | "ebcdic-cp-nl" | "csibm037" => {
                Some(EbcdicPage::Ibm037)
            }
            "ebcdic-cp-be" | "ebcdic-cp-ch" | "csibm500" => Some(EbcdicPage::Ibm500),
            "ebcdic-cp-dk" | "ebcdic-cp-no" | "csibm277" => Some(EbcdicPage::Ibm277),
            "ebcdic-cp-fi" | "ebcdic-cp-se" | "csibm278" => Some(EbcdicPage::Ibm278),
            "ebcdic-cp-it" | "csibm280" => Some(EbcdicPage::Ibm280),
            "ebcdic-cp-es" | "csibm284" => Some(EbcdicPage::Ibm284),
            "ebcdic-cp-gb" | "csibm285" => Some(EbcdicPage::Ibm285),
            "ebcdic-cp-fr" | "csibm297" => Some(EbcdicPage::Ibm297),
            "ebcdic-cp-is" | "csibm871" => Some(EbcdicPage::Ibm871),
            "csibm273" => Some(EbcdicPage::Ibm273),
            "ebcdic-us-37+euro" => Some(EbcdicPage::Ibm1140),
            "ebcdic-de-273+euro" => Some(EbcdicPage::Ibm1141),
            "ebcdic-dk-277+euro" | "ebcdic-no-277+euro" => Some(EbcdicPage::Ibm1142),
            "ebcdic-fi-278+euro" | "ebcdic-se-278+euro" => Some(EbcdicPage::Ibm1143),
            "ebcdic-it-280+euro" => Some(EbcdicPage::Ibm1144),
            "ebcdic-es-284+euro" => Some(EbcdicPage::Ibm1145),
            "ebcdic-gb-285+euro" => Some(EbcdicPage::Ibm1146),
            "ebcdic-fr-297+euro" => Some(EbcdicPage::Ibm1147),
            "ebcdic-international-500+euro" => Some(EbcdicPage::Ibm1148),
            "ebcdic-is-871+euro" => Some(EbcdicPage::Ibm1149),
            _ => None,
        };
        if named.is_some() {
            return named;
        }
        let digits = ["ibm-", "ibm", "cp-", "cp", "ccsid"]
            .iter()
            .find_map(|p| norm.strip_prefix(p))?;
        let n: u16 = digits.parse().ok()?;
        EbcdicPage::ALL.into_iter().find(|p| p.number() == n)
    }

    fn table(self) -> &'static [u16; 256] {
        match self {
            EbcdicPage::Ibm037 => &IBM037,
            EbcdicPage::Ibm273 => &IBM273,
            EbcdicPage::Ibm277 => &IBM277,
            EbcdicPage::Ibm278 => &IBM278,
            EbcdicPage::Ibm280 => &IBM280,
            EbcdicPage::Ibm284 => &IBM284,
            EbcdicPage::Ibm285 => &IBM285,
            EbcdicPage::Ibm297 => &IBM297,
            EbcdicPage::Ibm500 => &IBM500,
            EbcdicPage::Ibm871 => &IBM871,
            EbcdicPage::Ibm1047 => &IBM1047,
            EbcdicPage::Ibm1140 => &IBM1140,
            EbcdicPage::Ibm1141 => &IBM1141,
            EbcdicPage::Ibm1142 => &IBM1142,
            EbcdicPage::Ibm1143 => &IBM1143,
            EbcdicPage::Ibm1144 => &IBM1144,
            EbcdicPage::Ibm1145 => &IBM1145,
            EbcdicPage::Ibm1146 => &IBM1146,
            EbcdicPage::Ibm1147 => &IBM1147,
            EbcdicPage::Ibm1148 => &IBM1148,
            EbcdicPage::Ibm1149 => &IBM1149,
        }
    }

    /// The character of byte `b` (every byte has one; the tables hold BMP characters only).
    pub fn char_of(self, b: u8) -> char {
        char::from_u32(u32::from(self.table()[usize::from(b)])).unwrap_or('\u{FFFD}')
    }

    /// The byte of `c`, if the page has it.
    pub fn byte_of(self, c: char) -> Option<u8> {
        let u = u16::try_from(u32::from(c)).ok()?;
        self.table().iter().position(|&x| x == u).map(|i| i as u8)
    }
}

/// The bytes whose character differs between two or more of `pages`: the only bytes where
/// their readings of a text can differ.
pub fn differing_bytes(pages: &[EbcdicPage]) -> [bool; 256] {
    let mut out = [false; 256];
    if let Some((first, rest)) = pages.split_first() {
        for (b, slot) in out.iter_mut().enumerate() {
            let c = first.table()[b];
            *slot = rest.iter().any(|p| p.table()[b] != c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_maps_each_byte_to_its_own_character() {
        for p in EbcdicPage::ALL {
            let mut seen: Vec<u16> = p.table().to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 256, "{}", p.name());
            for b in 0..=255u8 {
                assert_eq!(p.byte_of(p.char_of(b)), Some(b), "{} {b:02X}", p.name());
            }
        }
    }

    #[test]
    fn the_invariant_set_reads_alike_and_national_letters_differ() {
        // "Hello 42" in every page: letters, digits and the space are invariant.
        let hello = [0xC8, 0x85, 0x93, 0x93, 0x96, 0x40, 0xF4, 0xF2];
        for p in EbcdicPage::ALL {
            let s: String = hello.iter().map(|&b| p.char_of(b)).collect();
            assert_eq!(s, "Hello 42", "{}", p.name());
        }
        // 0xC0 is `{` in IBM037 and `ä` in IBM273; 0x9F `¤` before the euro, `€` after.
        assert_eq!(EbcdicPage::Ibm037.char_of(0xC0), '{');
        assert_eq!(EbcdicPage::Ibm273.char_of(0xC0), 'ä');
        assert_eq!(EbcdicPage::Ibm037.char_of(0x9F), '¤');
        assert_eq!(EbcdicPage::Ibm1140.char_of(0x9F), '€');
        let d = differing_bytes(&EbcdicPage::ALL);
        assert!(d[0xC0] && d[0x9F] && !d[0xC8] && !d[0x40] && !d[0xF4]);
    }

    #[test]
    fn labels_name_pages_by_number_and_alias() {
        let of = EbcdicPage::for_label;
        assert_eq!(of("cp037"), Some(EbcdicPage::Ibm037));
        assert_eq!(of("ibm037"), Some(EbcdicPage::Ibm037));
        assert_eq!(of("ibm-37"), Some(EbcdicPage::Ibm037));
        assert_eq!(of("ebcdic-cp-us"), Some(EbcdicPage::Ibm037));
        assert_eq!(of("ibm01140"), Some(EbcdicPage::Ibm1140));
        assert_eq!(of("cp1047"), Some(EbcdicPage::Ibm1047));
        assert_eq!(of("ebcdic-de-273+euro"), Some(EbcdicPage::Ibm1141));
        assert_eq!(of("500"), None);
        assert_eq!(of("ccsid1047"), Some(EbcdicPage::Ibm1047));
        assert_eq!(of("cp437"), None);
        assert_eq!(of("ibm875"), None);
    }
}
