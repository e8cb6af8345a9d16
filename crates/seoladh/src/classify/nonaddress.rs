//! Inputs that are not addresses at all: e-mail addresses, URLs, punctuation, keyboard mash
//! (`docs/matching.md` §2, result 700).

use std::ops::Range;

/// Keyboard rows (and their reverses are checked too): five or more neighbouring keys typed in
/// a row (`qwerty`, `asdfg`) are a mash, never part of an Irish or English place name.
const KEYBOARD_ROWS: [&str; 3] = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

/// Whether `word` holds a run of five or more neighbouring keys of one keyboard row.
fn has_keyboard_run(word: &str) -> bool {
    let w: Vec<char> = word.to_lowercase().chars().collect();
    w.windows(5).any(|run| {
        let run: String = run.iter().collect();
        let reversed: String = run.chars().rev().collect();
        KEYBOARD_ROWS
            .iter()
            .any(|row| row.contains(&run) || row.contains(&reversed))
    })
}

/// Symbols no address is written with, which keyboard mash is.
const MASH_SYMBOLS: &str = "#!%$^*=<>{}|~_";

/// Keyboard mash: symbols inside words, or words that are each either five or more letters with
/// at most one vowel or a run of neighbouring keys.
pub(super) fn looks_like_gibberish(text: &str) -> bool {
    if text.chars().any(|c| MASH_SYMBOLS.contains(c)) {
        return true;
    }
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    !words.is_empty()
        && words.iter().all(|w| {
            let vowels = w
                .chars()
                .filter(|c| "aeiouyáéíóúAEIOUYÁÉÍÓÚ".contains(*c))
                .count();
            (w.chars().count() >= 5 && vowels <= 1) || has_keyboard_run(w)
        })
}

/// The run of `text` without spaces around the word at byte `span`, when mash symbols glue
/// words inside it (`jhr#sqnf!!sc%`); `None` for a word standing alone or with symbols only
/// around it (`Kilkenny!!`).
pub(super) fn mash_run(text: &str, span: &Range<usize>) -> Option<Range<usize>> {
    let start = text
        .get(..span.start)?
        .rfind(char::is_whitespace)
        .map_or(0, |i| i + 1);
    let end = text
        .get(span.end..)?
        .find(char::is_whitespace)
        .map_or(text.len(), |i| span.end + i);
    text.get(start..end)?
        .trim_matches(|c: char| !c.is_alphanumeric())
        .contains(|c| MASH_SYMBOLS.contains(c))
        .then_some(start..end)
}

/// E-mail addresses, URLs and strings with no letters are not addresses.
pub(super) fn looks_like_non_address(text: &str) -> bool {
    let t = text.trim().to_ascii_lowercase();
    if t.split_whitespace().any(is_email)
        || t.starts_with("http:")
        || t.starts_with("https:")
        || t.starts_with("www.")
    {
        return true;
    }
    if t.contains("://") {
        return true;
    }
    !t.chars().any(|c| c.is_alphanumeric())
}

/// One word `name@domain.tld` (an `@` between words is a name's: `Kids @ BT9 Day Nursery`).
fn is_email(word: &str) -> bool {
    word.split_once('@')
        .is_some_and(|(name, domain)| !name.is_empty() && domain.contains('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_addresses_are_recognised() {
        assert!(looks_like_non_address("someone@example.com"));
        assert!(looks_like_non_address("https://example.com/x"));
        assert!(looks_like_non_address("www.example.ie"));
        assert!(looks_like_non_address(" ,.;- "));
        assert!(!looks_like_non_address("8 Silver Birches, Dunboyne"));
        assert!(looks_like_non_address("write to someone@example.com"));
        assert!(!looks_like_non_address(
            "Kids @ BT9 Day Nursery, Belfast, BT9 7AQ"
        ));
    }

    #[test]
    fn keyboard_mash_is_gibberish_and_place_names_are_not() {
        assert!(looks_like_gibberish("xtpzbjz fpbtt"));
        assert!(looks_like_gibberish("hpb#zkqx!!sz%"));
        assert!(!looks_like_gibberish("Ballymote"));
        assert!(!looks_like_gibberish("Drumcondra Road"));
        assert!(!looks_like_gibberish("Tralee"));
    }

    #[test]
    fn a_word_glued_to_mash_symbols_is_mash() {
        let text = "jhr#sqnf!!sc% Main";
        let at = |w: &str| {
            let i = text.find(w).unwrap();
            i..i + w.len()
        };
        assert_eq!(mash_run(text, &at("sc")), Some(0..13));
        assert_eq!(mash_run(text, &at("jhr")), Some(0..13));
        assert_eq!(mash_run(text, &at("Main")), None);
        assert_eq!(mash_run("Apt 3, Main St", &(7..11)), None);
        assert_eq!(mash_run("Kilkenny!!", &(0..8)), None);
    }

    #[test]
    fn keyboard_rows_are_gibberish_and_words_with_short_runs_are_not() {
        assert!(looks_like_gibberish("asdfghjkl qwertyuiop"));
        assert!(looks_like_gibberish("poiuytrewq"));
        assert!(looks_like_gibberish("zxcvbnm"));
        // "erty" (4 neighbouring keys) occurs in real words.
        assert!(!looks_like_gibberish("Liberty Property"));
        assert!(!looks_like_gibberish("Poplar Row Typers"));
        assert!(!looks_like_gibberish("Drumcondra Road"));
    }
}
