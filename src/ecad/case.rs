//! Mixed case for vanity addresses: ECAD names are upper case; residents write `Woodlands Road`.

/// Capitalises an upper-case address line for the vanity form (rules on [`vanity_address`](super::address::vanity_address)).
pub fn mixed_case(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut prev = String::new();
    for (i, word) in line.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let lower = word.to_lowercase();
        if i > 0 && SMALL_WORDS.contains(&lower.as_str()) {
            out.push_str(&lower);
        } else if word.starts_with(|c: char| c.is_ascii_digit()) {
            out.push_str(word);
        } else if matches!(prev.as_str(), "na" | "an") {
            out.push_str(&capitalise_after_article(&lower));
        } else {
            out.push_str(&capitalise_word(&lower));
        }
        prev = lower;
    }
    out
}

/// Words kept lower case inside a vanity line.
const SMALL_WORDS: [&str; 7] = ["of", "the", "na", "an", "de", "la", "and"];

/// After the Irish article a word may carry an initial mutation that stays lower case:
/// `na hAbhann`, `an tSráid`, `an tOileán`, `na gCloch`, `na bhFear`, `na mBan`, `na nÉan`.
fn capitalise_after_article(lower: &str) -> String {
    const VOWELS: &str = "aeiouáéíóú";
    // (mutation prefix, letters the base word may start with)
    let mutations: [(&str, &str); 10] = [
        ("bh", "f"),
        ("m", "b"),
        ("g", "c"),
        ("n", "dg"),
        ("b", "p"),
        ("d", "t"),
        ("h", VOWELS),
        ("t", "s"),
        ("t", VOWELS),
        ("n", VOWELS),
    ];
    for (prefix, next) in mutations {
        if let Some(rest) = lower.strip_prefix(prefix) {
            if rest.chars().count() > 1 && rest.starts_with(|c: char| next.contains(c)) {
                return format!("{prefix}{}", upper_first(rest));
            }
        }
    }
    capitalise_word(lower)
}

/// Capitalises one lower-case word, handling `o'`, `mc` and hyphens.
fn capitalise_word(lower: &str) -> String {
    if lower.contains('-') {
        return lower
            .split('-')
            .map(capitalise_word)
            .collect::<Vec<_>>()
            .join("-");
    }
    if let Some(rest) = lower.strip_prefix("o'").filter(|r| !r.is_empty()) {
        return format!("O'{}", upper_first(rest));
    }
    if let Some(rest) = lower.strip_prefix("mc").filter(|r| r.chars().count() > 1) {
        return format!("Mc{}", upper_first(rest));
    }
    upper_first(lower)
}

fn upper_first(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
