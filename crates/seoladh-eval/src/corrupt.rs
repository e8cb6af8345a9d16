//! Text corruptions, one small function each: typos, fada folding, Irish mutations, abbreviations,
//! Eircode spellings and look-alikes, and text that is not an address.
//!
//! Every function is seeded through the [`SplitMix64`] it is given and returns `None` when it
//! cannot apply (no word long enough, no mutable word), so callers skip or pick another variant
//! instead of emitting a query that was not corrupted.

use unicode_normalization::UnicodeNormalization;

use super::rng::SplitMix64;
use seoladh::ecad::eircode::EIRCODE_ALPHABET;

/// The four typo operations of `docs/matching.md` §1; each is one Damerau edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypoKind {
    /// One letter replaced by another.
    Substitution,
    /// Two neighbouring different letters swapped.
    Transposition,
    /// One letter left out.
    Deletion,
    /// One letter added.
    Insertion,
}

/// Fewest letters a word needs before it gets a typo (`docs/matching.md` §1: "longer words").
pub const MIN_TYPO_WORD_CHARS: usize = 4;

/// Whether a word may carry a typo: letters only, at least [`MIN_TYPO_WORD_CHARS`] of them.
pub fn typo_eligible(word: &str) -> bool {
    word.chars().count() >= MIN_TYPO_WORD_CHARS && word.chars().all(char::is_alphabetic)
}

fn random_letter(rng: &mut SplitMix64, lower: bool) -> char {
    let c = char::from(b'A' + rng.below(26) as u8);
    if lower {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// One typo in `word` (at least 2 letters): the first letter is kept, as in most real typos, so
/// the typo tests the matcher's tolerance rather than its prefix index. Inserted and substituted
/// letters follow the case of the letter they replace or follow.
pub fn typo_word(word: &str, rng: &mut SplitMix64) -> Option<(String, TypoKind)> {
    let mut chars: Vec<char> = word.chars().collect();
    let n = chars.len();
    if n < 2 {
        return None;
    }
    let kinds = [
        TypoKind::Substitution,
        TypoKind::Transposition,
        TypoKind::Deletion,
        TypoKind::Insertion,
    ];
    let mut kind = kinds[rng.below(kinds.len())];
    if kind == TypoKind::Transposition {
        let swappable: Vec<usize> = (1..n - 1).filter(|&i| chars[i] != chars[i + 1]).collect();
        match rng.pick(&swappable) {
            Some(&i) => {
                chars.swap(i, i + 1);
                return Some((chars.into_iter().collect(), kind));
            }
            None => kind = TypoKind::Substitution,
        }
    }
    match kind {
        TypoKind::Deletion => {
            chars.remove(1 + rng.below(n - 1));
        }
        TypoKind::Insertion => {
            let at = 1 + rng.below(n);
            let lower = chars[at - 1].is_lowercase();
            chars.insert(at, random_letter(rng, lower));
        }
        _ => {
            let at = 1 + rng.below(n - 1);
            let old = chars[at];
            let folded = fold_fadas(&old.to_string());
            let mut new = random_letter(rng, old.is_lowercase());
            // Another letter, and not the same letter without its fada (that is no typo).
            while new == old || folded.starts_with(new) {
                new = random_letter(rng, old.is_lowercase());
            }
            chars[at] = new;
        }
    }
    Some((chars.into_iter().collect(), kind))
}

/// One typo in one eligible word of `line` (words split on single spaces, so the line's layout
/// is kept); `None` when no word is eligible.
pub fn typo_line(line: &str, rng: &mut SplitMix64) -> Option<String> {
    let words: Vec<&str> = line.split(' ').collect();
    let eligible: Vec<usize> = (0..words.len())
        .filter(|&i| typo_eligible(words[i]))
        .collect();
    let &at = rng.pick(&eligible)?;
    let (typo, _) = typo_word(words[at], rng)?;
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    out[at] = typo;
    Some(out.join(" "))
}

/// The text with fadas (and any other accents) removed: `BÓTHAR` → `BOTHAR`.
pub fn fold_fadas(s: &str) -> String {
    if s.is_ascii() {
        // Most address text: nothing to fold, skip the decomposition.
        return s.to_string();
    }
    s.nfd()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .nfc()
        .collect()
}

/// Eclipsis and prefix forms, longest first, with the base form's first letters.
const ECLIPSES: [(&str, &str); 8] = [
    ("BHF", "F"),
    ("MB", "B"),
    ("GC", "C"),
    ("ND", "D"),
    ("BP", "P"),
    ("DT", "T"),
    ("N-", ""),
    ("T-", ""),
];

const LENITABLE: &str = "BCDFGMPST";
const VOWELS: &str = "AEIOUÁÉÍÓÚ";

/// The base form of an upper-case Irish word that starts with a mutation (`BHÓTHAR` → `BÓTHAR`,
/// `GCLOCH` → `CLOCH`, `TSRÁID` → `SRÁID`, `HABHANN` after `NA` → `ABHANN`), or `None`.
pub fn unmutate(word: &str, previous: Option<&str>) -> Option<String> {
    let upper = word.to_uppercase();
    let chars: Vec<char> = upper.chars().collect();
    if chars.len() < 3 {
        return None;
    }
    for (prefix, base) in ECLIPSES {
        if let Some(rest) = upper.strip_prefix(prefix) {
            if rest.chars().count() >= 2 && (!prefix.ends_with('-') || starts_with_vowel(rest)) {
                return Some(format!("{base}{rest}"));
            }
        }
    }
    if chars[1] == 'H' && LENITABLE.contains(chars[0]) && chars.len() >= 4 {
        return Some(
            std::iter::once(chars[0])
                .chain(chars[2..].iter().copied())
                .collect(),
        );
    }
    if chars[0] == 'T' && chars[1] == 'S' && !"BCDFGHKMPSTVWXYZ".contains(chars[2]) {
        return Some(chars[1..].iter().collect());
    }
    let after_article =
        previous.is_some_and(|p| matches!(p.to_uppercase().as_str(), "NA" | "LE" | "GO"));
    if chars[0] == 'H' && after_article && VOWELS.contains(chars[1]) {
        return Some(chars[1..].iter().collect());
    }
    None
}

/// The lenited form of an upper-case Irish word (`BÓTHAR` → `BHÓTHAR`), or `None` when its first
/// letter does not lenite or it is already lenited.
pub fn lenite(word: &str) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    let (&first, &second) = (chars.first()?, chars.get(1)?);
    let s_ok = first != 'S' || "LNRAEIOUÁÉÍÓÚ".contains(second);
    if chars.len() < 3 || !LENITABLE.contains(first) || second == 'H' || !s_ok {
        return None;
    }
    if !chars.iter().all(|c| c.is_alphabetic()) {
        return None;
    }
    Some(
        std::iter::once(first)
            .chain(std::iter::once('H'))
            .chain(chars[1..].iter().copied())
            .collect(),
    )
}

fn starts_with_vowel(s: &str) -> bool {
    s.chars().next().is_some_and(|c| VOWELS.contains(c))
}

/// Which way [`mutate_line`] changed a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutation {
    /// A mutated word written in its base form (`BÓTHAR` for `BHÓTHAR`).
    Dropped,
    /// A base word written lenited (`BHÓTHAR` for `BÓTHAR`).
    Added,
}

/// Drops or adds one initial mutation in `line`, touching only words `is_irish` accepts (words that
/// are not English fall-backs). `None` when no word can take the change.
pub fn mutate_line(
    line: &str,
    how: Mutation,
    is_irish: impl Fn(&str) -> bool,
    rng: &mut SplitMix64,
) -> Option<String> {
    let words: Vec<&str> = line.split(' ').collect();
    let changed: Vec<(usize, String)> = words
        .iter()
        .enumerate()
        .filter(|(_, w)| is_irish(w))
        .filter_map(|(i, w)| {
            let prev = i.checked_sub(1).and_then(|p| words.get(p)).copied();
            match how {
                Mutation::Dropped => unmutate(w, prev),
                Mutation::Added => lenite(w),
            }
            .map(|new| (i, new))
        })
        .collect();
    let (at, new) = rng.pick(&changed)?.clone();
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    out[at] = new;
    Some(out.join(" "))
}

/// Abbreviations users type (`docs/matching.md` §1), whole upper-case words.
pub const ABBREVIATIONS: [(&str, &str); 14] = [
    ("ROAD", "RD"),
    ("STREET", "ST"),
    ("AVENUE", "AVE"),
    ("PARK", "PK"),
    ("TERRACE", "TCE"),
    ("CRESCENT", "CRES"),
    ("COURT", "CT"),
    ("DRIVE", "DR"),
    ("GARDENS", "GDNS"),
    ("HEIGHTS", "HTS"),
    ("LOWER", "LWR"),
    ("UPPER", "UPR"),
    ("APARTMENT", "APT"),
    ("SAINT", "ST"),
];

/// Every abbreviable word of `line` abbreviated, with a trailing dot when `dot`; `None` when there
/// is none.
pub fn abbreviate(line: &str, dot: bool) -> Option<String> {
    let mut any = false;
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            match ABBREVIATIONS
                .iter()
                .find(|(full, _)| w.eq_ignore_ascii_case(full))
            {
                Some((_, short)) => {
                    any = true;
                    if dot {
                        format!("{short}.")
                    } else {
                        short.to_string()
                    }
                }
                None => w.to_string(),
            }
        })
        .collect();
    any.then(|| words.join(" "))
}

/// Whether the line starts with a building number (`8 SILVER BIRCHES`, `2A ...`, `63-66 ...`).
pub fn starts_with_number(line: &str) -> bool {
    line.split(' ')
        .next()
        .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()) && line.contains(' '))
}

/// `8 SILVER BIRCHES` → `8SILVER BIRCHES`.
pub fn glue_number(line: &str) -> Option<String> {
    if !starts_with_number(line) {
        return None;
    }
    Some(line.replacen(' ', "", 1))
}

/// `8 SILVER BIRCHES` → `NO. 8 SILVER BIRCHES`.
pub fn number_prefix(line: &str) -> Option<String> {
    starts_with_number(line).then(|| format!("NO. {line}"))
}

/// Look-alikes users type for Eircode digits (the alphabet has no O, I, L, S, B, Z, G).
pub const LOOKALIKES: [(char, &[char]); 6] = [
    ('0', &['O']),
    ('1', &['I', 'L']),
    ('5', &['S']),
    ('8', &['B']),
    ('2', &['Z']),
    ('6', &['G']),
];

/// The stored Eircode (`A86VC04`) with one digit replaced by its look-alike, or `None` when it has
/// no such digit.
pub fn lookalike(eircode: &str, rng: &mut SplitMix64) -> Option<String> {
    let chars: Vec<char> = eircode.chars().collect();
    let spots: Vec<(usize, &[char])> = chars
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            LOOKALIKES
                .iter()
                .find(|(d, _)| d == c)
                .map(|(_, alts)| (i, *alts))
        })
        .collect();
    let &(at, alts) = rng.pick(&spots)?;
    let &alt = rng.pick(alts)?;
    let mut out = chars;
    out[at] = alt;
    Some(out.into_iter().collect())
}

/// A stored Eircode one character off in its unique identifier that `exists` rejects (a near miss
/// that is nobody's Eircode); `None` after a few tries.
pub fn near_miss(
    eircode: &str,
    rng: &mut SplitMix64,
    exists: impl Fn(&str) -> bool,
) -> Option<String> {
    let chars: Vec<char> = eircode.chars().collect();
    if chars.len() != 7 {
        return None;
    }
    let alphabet: Vec<char> = EIRCODE_ALPHABET.iter().map(|&b| char::from(b)).collect();
    for _ in 0..32 {
        let at = 3 + rng.below(4);
        let &c = rng.pick(&alphabet)?;
        if c == chars[at] {
            continue;
        }
        let mut out = chars.clone();
        out[at] = c;
        let out: String = out.into_iter().collect();
        if !exists(&out) {
            return Some(out);
        }
    }
    None
}

/// How an Eircode is typed: each form is named for the query id.
pub const EIRCODE_FORMS: [&str; 6] = [
    "display",
    "compact",
    "lower",
    "lower_spaced",
    "padded",
    "mixed",
];

/// The stored Eircode (`A86VC04`) written in form `form` of [`EIRCODE_FORMS`] (`A86 VC04`,
/// `A86VC04`, `a86vc04`, `a86 vc04`, ` a86  vc04 `, `a86 VC04`). Unknown forms give the display
/// form.
pub fn eircode_form(eircode: &str, form: &str) -> String {
    let split = eircode
        .char_indices()
        .nth(3)
        .map_or(eircode.len(), |(i, _)| i);
    let (key, unique) = eircode.split_at(split);
    let lower = |s: &str| s.to_lowercase();
    match form {
        "compact" => format!("{key}{unique}"),
        "lower" => lower(eircode),
        "lower_spaced" => format!("{} {}", lower(key), lower(unique)),
        "padded" => format!(" {}  {} ", lower(key), lower(unique)),
        "mixed" => format!("{} {unique}", lower(key)),
        _ => format!("{key} {unique}"),
    }
}

/// Kinds of text that is not an address, for the `invalid` class.
pub const GARBAGE_KINDS: [&str; 5] = ["mash", "symbols", "email", "url", "punctuation"];

/// Text that is not an address, of kind `kind` ([`GARBAGE_KINDS`]).
pub fn garbage(kind: &str, rng: &mut SplitMix64) -> String {
    const CONSONANTS: &[u8] = b"bcdfghjklmnpqrstvwxz";
    let mut word = |len: usize| -> String {
        (0..len)
            .map(|_| char::from(CONSONANTS[rng.below(CONSONANTS.len())]))
            .collect()
    };
    match kind {
        "symbols" => format!("{}#{}!!{}%", word(3), word(4), word(2)),
        "email" => format!("{}.{}@{}.ie", word(5), word(6), word(4)),
        "url" => format!("https://www.{}.com/{}?id={}", word(6), word(4), word(2)),
        "punctuation" => {
            [",,, ...", "!!!", "-- / --", "?? ,", "... ; ..."][rng.below(5)].to_string()
        }
        _ => format!("{} {}", word(7), word(5)),
    }
}

/// Syllables for invented place names (`nomatch`): Irish-looking, so the text is plausible.
const ONSETS: [&str; 12] = [
    "BALLY", "KIL", "DRUM", "GLEN", "CLON", "RATH", "MUL", "KNOCK", "CARRIG", "TULLY", "DUN", "LIS",
];
const CODAS: [&str; 12] = [
    "VARRAGH", "QUORRAN", "DERRIG", "FENNOCK", "ROSKEEN", "MACKRIN", "TULVANE", "CORRISH",
    "LAVERNY", "GARROON", "SKEHVIN", "NURRAGH",
];

/// Every invented place name (`GLENVARRAGH`): each onset with each coda, in a fixed order.
pub fn invented_names() -> Vec<String> {
    ONSETS
        .iter()
        .flat_map(|onset| CODAS.iter().map(move |coda| format!("{onset}{coda}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typo_is_one_edit_and_keeps_first_letter() {
        let mut rng = SplitMix64::new(1);
        for _ in 0..500 {
            let (t, kind) =
                typo_word("BIRCHES", &mut rng).expect("a word of 4 letters takes a typo");
            assert_ne!(t, "BIRCHES", "{kind:?}");
            assert_eq!(strsim::osa_distance("BIRCHES", &t), 1, "{t} {kind:?}");
            assert!(t.starts_with('B'));
        }
    }

    #[test]
    fn typo_with_fada_is_a_real_change() {
        let mut rng = SplitMix64::new(2);
        for _ in 0..300 {
            let (t, _) = typo_word("BÓÓÓ", &mut rng).expect("a word of 4 letters takes a typo");
            assert_ne!(fold_fadas(&t), "BOOO");
        }
    }

    #[test]
    fn typo_line_skips_short_words() {
        let mut rng = SplitMix64::new(3);
        assert_eq!(typo_line("8 ST", &mut rng), None);
        let t = typo_line("8 SILVER BIRCHES", &mut rng).unwrap_or_default();
        assert!(t.starts_with("8 "));
        assert_eq!(strsim::osa_distance("8 SILVER BIRCHES", &t), 1);
    }

    #[test]
    fn fadas_fold() {
        assert_eq!(fold_fadas("BAILE ÁTHA CLIATH"), "BAILE ATHA CLIATH");
        assert_eq!(fold_fadas("Cúil an tSúdaire"), "Cuil an tSudaire");
    }

    #[test]
    fn mutations() {
        assert_eq!(unmutate("BHÓTHAR", None).as_deref(), Some("BÓTHAR"));
        assert_eq!(unmutate("GCLOCH", Some("NA")).as_deref(), Some("CLOCH"));
        assert_eq!(unmutate("BHFEAR", None).as_deref(), Some("FEAR"));
        assert_eq!(unmutate("TSRÁID", Some("AN")).as_deref(), Some("SRÁID"));
        assert_eq!(unmutate("HABHANN", Some("NA")).as_deref(), Some("ABHANN"));
        assert_eq!(unmutate("HABHANN", None), None);
        assert_eq!(unmutate("CLOCH", None), None);
        assert_eq!(lenite("BÓTHAR").as_deref(), Some("BHÓTHAR"));
        assert_eq!(lenite("BHÓTHAR"), None);
        assert_eq!(lenite("STRAND"), None);
        assert_eq!(lenite("ABHANN"), None);
    }

    #[test]
    fn mutate_line_leaves_english_words() {
        let mut rng = SplitMix64::new(4);
        let irish = |w: &str| w != "CHURCH";
        assert_eq!(
            mutate_line("CHURCH BHÓTHAR", Mutation::Dropped, irish, &mut rng).as_deref(),
            Some("CHURCH BÓTHAR")
        );
        assert_eq!(
            mutate_line("CHURCH", Mutation::Dropped, irish, &mut rng),
            None
        );
    }

    #[test]
    fn abbreviations_and_numbers() {
        assert_eq!(
            abbreviate("KIMMAGE ROAD LOWER", false).as_deref(),
            Some("KIMMAGE RD LWR")
        );
        assert_eq!(abbreviate("MAIN STREET", true).as_deref(), Some("MAIN ST."));
        assert_eq!(abbreviate("MILLFARM", false), None);
        assert_eq!(
            glue_number("8 SILVER BIRCHES").as_deref(),
            Some("8SILVER BIRCHES")
        );
        assert_eq!(glue_number("SILVER BIRCHES"), None);
        assert_eq!(number_prefix("8 SILVER").as_deref(), Some("NO. 8 SILVER"));
    }

    #[test]
    fn eircode_forms_and_errors() {
        assert_eq!(eircode_form("A86VC04", "display"), "A86 VC04");
        assert_eq!(eircode_form("A86VC04", "padded"), " a86  vc04 ");
        assert_eq!(eircode_form("D6WXY12", "lower"), "d6wxy12");
        let mut rng = SplitMix64::new(5);
        for _ in 0..50 {
            let l = lookalike("A86VC04", &mut rng).unwrap_or_default();
            assert_eq!(
                l.chars()
                    .zip("A86VC04".chars())
                    .filter(|(a, b)| a != b)
                    .count(),
                1
            );
            assert!(l.contains(['B', 'G', 'O']), "{l}");
        }
        assert_eq!(lookalike("A94VC3K", &mut rng), None);
        let miss = near_miss("A86VC04", &mut rng, |e| e == "A86VC05").unwrap_or_default();
        assert_eq!(
            miss.chars()
                .zip("A86VC04".chars())
                .filter(|(a, b)| a != b)
                .count(),
            1
        );
        assert!(seoladh::ecad::eircode::is_valid_eircode(&miss));
        assert_eq!(near_miss("A86VC04", &mut rng, |_| true), None);
    }

    #[test]
    fn garbage_is_not_empty() {
        let mut rng = SplitMix64::new(6);
        for kind in GARBAGE_KINDS {
            assert!(!garbage(kind, &mut rng).trim().is_empty());
        }
        assert!(garbage("email", &mut rng).contains('@'));
    }
}
