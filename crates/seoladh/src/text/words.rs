//! Word-level rules of the normaliser: where digits and letters split, which words are kept
//! whole (Eircodes, UK postcodes, ordinals), and Irish mutations marked by case.

use super::{eircode, postcode};

/// Ordinal words the normaliser rewrites as digits (index + 1).
pub(super) const ORDINALS: [(&str, &str); 20] = [
    ("first", "1st"),
    ("second", "2nd"),
    ("third", "3rd"),
    ("fourth", "4th"),
    ("fifth", "5th"),
    ("sixth", "6th"),
    ("seventh", "7th"),
    ("eighth", "8th"),
    ("ninth", "9th"),
    ("tenth", "10th"),
    ("eleventh", "11th"),
    ("twelfth", "12th"),
    ("thirteenth", "13th"),
    ("fourteenth", "14th"),
    ("fifteenth", "15th"),
    ("sixteenth", "16th"),
    ("seventeenth", "17th"),
    ("eighteenth", "18th"),
    ("nineteenth", "19th"),
    ("twentieth", "20th"),
];

/// The digit form of an ordinal word (`first`→`1st`): one length check, then a `match` the
/// compiler turns into a jump on length and a compare, instead of a scan of [`ORDINALS`].
#[inline]
pub(super) fn ordinal(w: &[u8]) -> Option<&'static str> {
    // Every ordinal word starts with one of these letters and has 5 to 11 of them: the test is
    // inlined at every word, the match is not.
    if !(5..=11).contains(&w.len()) || !matches!(w[0], b'e' | b'f' | b'n' | b's' | b't') {
        return None;
    }
    ordinal_word(w)
}

/// [`ordinal`] past its length and first-letter test.
#[inline(never)]
fn ordinal_word(w: &[u8]) -> Option<&'static str> {
    let i = match w {
        b"first" => 0,
        b"second" => 1,
        b"third" => 2,
        b"fourth" => 3,
        b"fifth" => 4,
        b"sixth" => 5,
        b"seventh" => 6,
        b"eighth" => 7,
        b"ninth" => 8,
        b"tenth" => 9,
        b"eleventh" => 10,
        b"twelfth" => 11,
        b"thirteenth" => 12,
        b"fourteenth" => 13,
        b"fifteenth" => 14,
        b"sixteenth" => 15,
        b"seventeenth" => 16,
        b"eighteenth" => 17,
        b"nineteenth" => 18,
        b"twentieth" => 19,
        _ => return None,
    };
    Some(ORDINALS[i].1)
}

/// Whether `w` completes the code begun by the word `p` before it: the unique identifier of an
/// Eircode (`a86 vc04`) or the inward code of a UK postcode (`bt35 6aa`). Then `w` is not split.
pub(super) fn second_half(p: &[u8], w: &[u8]) -> bool {
    if w.len() == 3 && (2..=4).contains(&p.len()) {
        let mut raw = [0u8; 7];
        raw[..p.len()].copy_from_slice(p);
        raw[p.len()..p.len() + 3].copy_from_slice(w);
        let s = std::str::from_utf8(&raw[..p.len() + 3]).unwrap_or("");
        return postcode::parse_word(s).is_some();
    }
    if w.len() != 4 || p.len() != 3 {
        return false;
    }
    let mut raw = [0u8; 7];
    raw[..3].copy_from_slice(p);
    raw[3..].copy_from_slice(w);
    eircode::parse_quiet(&raw).is_some_and(|e| eircode::plausible_in_text(&raw, &e))
}

/// Letters to drop from an Irish word whose initial mutation is marked by case (`tSráid`,
/// `hAbhann`, `nGall`, `gCloch`, `mBaile`, `dTobar`, `bPáirc`, `bhFear`): lower-case prefix, then
/// an upper-case letter. All-caps and all-lower words are left to the tokeniser's rules.
pub(super) fn mutation_by_case(w: &[u8], upper: [bool; 3]) -> usize {
    let vowel = |b: u8| matches!(b, b'a' | b'e' | b'i' | b'o' | b'u');
    match w {
        [b'b', b'h', b'f', ..] if !upper[0] && !upper[1] && upper[2] => 2,
        [p, x, ..] if !upper[0] && upper[1] => match (*p, *x) {
            (b't', x) if vowel(x) || x == b's' => 1,
            (b'h', x) if vowel(x) => 1,
            (b'n', x) if vowel(x) || x == b'g' || x == b'd' => 1,
            (b'g', b'c') | (b'm', b'b') | (b'd', b't') | (b'b', b'p') => 1,
            _ => 0,
        },
        _ => 0,
    }
}

/// Whether digits `d` followed by letters `l` form an English ordinal (`1st`, `22nd`, `13th`).
fn is_ordinal(d: &[u8], l: &[u8]) -> bool {
    let last = d.last().copied().unwrap_or(b'0');
    let teen = d.len() >= 2 && d[d.len() - 2] == b'1';
    let want: &[u8] = match (teen, last) {
        (false, b'1') => b"st",
        (false, b'2') => b"nd",
        (false, b'3') => b"rd",
        _ => b"th",
    };
    l == want
}

/// Where a raw word splits into pieces (byte offsets within the word), appended to `cuts`.
/// A letter run of 2+ letters is cut from digits on either side, except ordinals (`1st`) and
/// whole codes (Eircode, UK postcode or outward code), so `8silver` and `apt12` split but `10a`,
/// `d6w` and `a65f4e2` do not.
pub(super) fn split_points(w: &[u8], cuts: &mut Vec<usize>) {
    split_points_with(w, |s| cuts.push(s));
}

/// [`split_points`] through a callback (the fast path only needs to know if there are any).
pub(super) fn split_points_with(w: &[u8], mut cut_at: impl FnMut(usize)) {
    let has_digit = w.iter().any(u8::is_ascii_digit);
    let has_letter = w.iter().any(u8::is_ascii_lowercase);
    if !(has_digit && has_letter) || keep_whole(w) {
        return;
    }
    // Runs: letters vs digits-and-hyphens.
    let is_l = |b: &u8| b.is_ascii_lowercase();
    let mut i = 0;
    let mut prev_run: Option<(usize, usize, bool)> = None;
    while i < w.len() {
        let letter = is_l(&w[i]);
        let s = i;
        while i < w.len() && is_l(&w[i]) == letter {
            i += 1;
        }
        if let Some((ps, pe, pl)) = prev_run {
            let cut = if pl {
                pe - ps >= 2
            } else {
                i - s >= 2 && !is_ordinal(&w[ps..pe], &w[s..i])
            };
            if cut {
                cut_at(s);
            }
        }
        prev_run = Some((s, i, letter));
    }
}

/// Words with letters and digits that must not be split.
fn keep_whole(w: &[u8]) -> bool {
    if w.len() == 3 && eircode::is_routing_key_corrected(w) {
        return true;
    }
    match w.len() {
        7 if eircode::parse_quiet(w).is_some_and(|p| eircode::plausible_in_text(w, &p)) => {
            return true;
        }
        2..=4 => {
            let mut raw = [0u8; 4];
            raw[..w.len()].copy_from_slice(w);
            raw.make_ascii_uppercase();
            if postcode::is_outward(&raw[..w.len()]) {
                return true;
            }
        }
        _ => {}
    }
    (5..=7).contains(&w.len())
        && postcode::parse_word(std::str::from_utf8(w).unwrap_or("")).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(w: &str) -> Vec<usize> {
        let mut v = Vec::new();
        split_points(w.as_bytes(), &mut v);
        v
    }

    #[test]
    fn digits_and_letters_split_only_at_long_runs() {
        assert_eq!(cuts("8silver"), [1]);
        assert_eq!(cuts("apt12"), [3]);
        assert_eq!(cuts("apt12b"), [3]);
        assert!(cuts("10a").is_empty());
        assert!(cuts("d6w").is_empty());
        assert!(cuts("21st").is_empty());
        assert_eq!(cuts("12st"), [2]);
        assert!(cuts("a86vc04").is_empty(), "whole Eircode");
        assert!(cuts("bt118qt").is_empty(), "whole UK postcode");
        assert!(cuts("bt11").is_empty(), "outward code");
        assert!(cuts("ab6").is_empty(), "routing key with a look-alike");
    }

    #[test]
    fn ordinal_words_match_the_table() {
        for (w, d) in ORDINALS {
            assert_eq!(ordinal(w.as_bytes()), Some(d));
        }
        assert_eq!(ordinal(b"firsts"), None);
        assert_eq!(ordinal(b"fir"), None);
    }

    #[test]
    fn ordinals_follow_english_suffixes() {
        assert!(is_ordinal(b"1", b"st") && is_ordinal(b"22", b"nd") && is_ordinal(b"13", b"th"));
        assert!(!is_ordinal(b"11", b"st") && !is_ordinal(b"4", b"st"));
    }

    #[test]
    fn mutation_marked_by_case() {
        assert_eq!(mutation_by_case(b"tsraid", [false, true, false]), 1);
        assert_eq!(mutation_by_case(b"bhfear", [false, false, true]), 2);
        assert_eq!(mutation_by_case(b"iphone", [false, true, false]), 0);
        assert_eq!(mutation_by_case(b"tower", [true, true, true]), 0);
    }

    #[test]
    fn second_halves() {
        assert!(second_half(b"a86", b"vc04"));
        assert!(second_half(b"bt35", b"6aa"));
        assert!(!second_half(b"the", b"park"));
        assert!(!second_half(b"a99", b"vc04"));
    }
}
