//! The abbreviations profiles may use, and the word-level rule that applies them.
//!
//! The table is small on purpose: the street types and qualifiers users and Irish mail systems
//! write short (`docs/matching.md` §1), checked against libpostal's English dictionaries in
//! `fixtures/reference/abbreviations/`. Irish words (`BÓTHAR`, `SRÁID`, `ASCAILL`) have no
//! accepted abbreviations and are never shortened.
//!
//! Only names that are the address's own wording are abbreviated: sub-building, building name,
//! building group, thoroughfare and county. Organisation names, localities and post towns are
//! official names (`KILDARE COUNTY COUNCIL`, `MOUNT MERRION`) and are left whole.

use crate::ecad::address::{AddressElement, ElementType};

/// Where in a name a word may be abbreviated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// A street type or qualifier: never the first word (`PARK ROAD` → `PARK RD`, not `PK RD`).
    AfterName,
    /// A title or prefix: never the last word (`APARTMENT 3` → `APT 3`, `COUNTY MEATH` →
    /// `CO. MEATH`).
    BeforeName,
}

/// `(word, abbreviation, position)`, words in upper case.
pub const ABBREVIATIONS: [(&str, &str, Position); 22] = [
    ("ROAD", "RD", Position::AfterName),
    ("STREET", "ST", Position::AfterName),
    ("AVENUE", "AVE", Position::AfterName),
    ("TERRACE", "TCE", Position::AfterName),
    ("CRESCENT", "CRES", Position::AfterName),
    ("PARK", "PK", Position::AfterName),
    ("GARDENS", "GDNS", Position::AfterName),
    ("HEIGHTS", "HTS", Position::AfterName),
    ("COURT", "CT", Position::AfterName),
    ("DRIVE", "DR", Position::AfterName),
    ("PLACE", "PL", Position::AfterName),
    ("SQUARE", "SQ", Position::AfterName),
    ("LANE", "LN", Position::AfterName),
    ("UPPER", "UPR", Position::AfterName),
    ("LOWER", "LWR", Position::AfterName),
    ("NORTH", "NTH", Position::AfterName),
    ("SOUTH", "STH", Position::AfterName),
    ("APARTMENT", "APT", Position::BeforeName),
    ("COUNTY", "CO.", Position::BeforeName),
    ("SAINT", "ST", Position::BeforeName),
    ("MOUNT", "MT", Position::BeforeName),
    ("NUMBER", "NO.", Position::BeforeName),
];

/// Whether words of this element may be abbreviated (see the module docs).
pub fn is_abbreviable_kind(kind: ElementType) -> bool {
    matches!(
        kind,
        ElementType::AddressPointName
            | ElementType::BuildingName
            | ElementType::BuildingGroup
            | ElementType::Thoroughfare
            | ElementType::County
    )
}

/// The abbreviation of word `index` of a name of `count` words, when the table has one and the
/// position allows it. The abbreviation follows the word's case: `ROAD`→`RD`, `Road`→`Rd`.
pub fn abbreviate_word(word: &str, index: usize, count: usize) -> Option<String> {
    let upper = word.to_uppercase();
    let (_, short, position) = ABBREVIATIONS.iter().find(|(w, _, _)| *w == upper)?;
    let allowed = match position {
        Position::AfterName => index > 0,
        Position::BeforeName => index + 1 < count,
    };
    if !allowed {
        return None;
    }
    if word.chars().any(char::is_lowercase) {
        let mut chars = short.chars();
        let first: String = chars.next().into_iter().collect();
        Some(format!("{first}{}", chars.as_str().to_lowercase()))
    } else {
        Some((*short).to_string())
    }
}

/// Abbreviates the last abbreviable word of `element` not yet abbreviated; `false` when there is
/// none left.
pub(crate) fn abbreviate_last(element: &mut AddressElement) -> bool {
    if !is_abbreviable_kind(element.kind) {
        return false;
    }
    let words: Vec<&str> = element.value.split(' ').collect();
    let count = words.len();
    let found = words
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, w)| abbreviate_word(w, i, count).map(|short| (i, short)));
    match found {
        Some((at, short)) => {
            let mut out: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
            if let Some(slot) = out.get_mut(at) {
                *slot = short;
            }
            element.value = out.join(" ");
            true
        }
        None => false,
    }
}

/// Abbreviates every abbreviable word of `element`; `true` when anything changed.
pub(crate) fn abbreviate_all(element: &mut AddressElement) -> bool {
    let mut changed = false;
    while abbreviate_last(element) {
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(kind: ElementType, value: &str) -> AddressElement {
        AddressElement {
            value: value.to_string(),
            kind,
            id: 1,
        }
    }

    #[test]
    fn street_types_after_a_name() {
        assert_eq!(abbreviate_word("ROAD", 1, 2).as_deref(), Some("RD"));
        assert_eq!(abbreviate_word("Street", 2, 3).as_deref(), Some("St"));
        assert_eq!(abbreviate_word("AVENUE", 1, 2).as_deref(), Some("AVE"));
        // The first word is the name itself.
        assert_eq!(abbreviate_word("PARK", 0, 2), None);
    }

    #[test]
    fn prefixes_before_a_name() {
        assert_eq!(abbreviate_word("APARTMENT", 0, 2).as_deref(), Some("APT"));
        assert_eq!(abbreviate_word("COUNTY", 0, 2).as_deref(), Some("CO."));
        assert_eq!(abbreviate_word("County", 0, 2).as_deref(), Some("Co."));
        assert_eq!(abbreviate_word("APARTMENT", 0, 1), None);
    }

    #[test]
    fn irish_words_have_no_abbreviation() {
        for word in ["BÓTHAR", "SRÁID", "ASCAILL", "BOTHAR"] {
            assert_eq!(abbreviate_word(word, 1, 2), None, "{word}");
        }
        let mut e = el(ElementType::Thoroughfare, "BÓTHAR NA TRÁ");
        assert!(!abbreviate_all(&mut e));
        assert_eq!(e.value, "BÓTHAR NA TRÁ");
    }

    #[test]
    fn last_word_first() {
        let mut e = el(ElementType::Thoroughfare, "PARK ROAD UPPER");
        assert!(abbreviate_last(&mut e));
        assert_eq!(e.value, "PARK ROAD UPR");
        assert!(abbreviate_last(&mut e));
        assert_eq!(e.value, "PARK RD UPR");
        assert!(!abbreviate_last(&mut e));
    }

    #[test]
    fn official_names_are_left_whole() {
        let mut org = el(ElementType::Organisation, "KILDARE COUNTY COUNCIL");
        assert!(!abbreviate_all(&mut org));
        let mut town = el(ElementType::Locality, "MOUNT MERRION");
        assert!(!abbreviate_all(&mut town));
    }

    #[test]
    fn every_abbreviation_is_shorter() {
        for (word, short, _) in ABBREVIATIONS {
            assert!(short.chars().count() < word.chars().count(), "{word}");
        }
    }
}
