//! Mixed case for vanity addresses: ECAD names are upper case; residents write `Woodlands Road`.
//!
//! This is the one place that knows Irish initial mutations; the profile's proper case
//! (`profile::finish`) builds on [`mixed_case`] rather than keeping its own copy.

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
        } else if let Some(mutated) = irish_mutation(&prev, &lower) {
            out.push_str(&mutated);
        } else {
            out.push_str(&capitalise_word(&lower));
        }
        prev = lower;
    }
    out
}

/// Words kept lower case inside a vanity line.
const SMALL_WORDS: [&str; 7] = ["of", "the", "na", "an", "de", "la", "and"];

/// Eclipsis: the eclipsing letters and the radical letters they go before (`na gCloch`,
/// `na bhFear`, `na mBan`, `Dún na nGall`, `na nDéise`, `na bPíobairí`, `na dTorc`).
const ECLIPSES: [(&str, &str); 7] = [
    ("bh", "f"),
    ("m", "b"),
    ("g", "c"),
    ("n", "d"),
    ("n", "g"),
    ("b", "p"),
    ("d", "t"),
];

const VOWELS: &str = "aeiouáéíóú";

/// Words after `na` that start with `n` and a vowel with no eclipsis (`Cill na Naomh`); other
/// such words are eclipsed vowels (`na nEach`, `na nÉan`). Taken from the townland names in
/// `fixtures/reference/placenames` (only words never written eclipsed there), compared without
/// fadas.
const N_RADICALS: [&str; 6] = ["naomh", "naoi", "neanta", "neachtan", "neide", "nodach"];

/// Words after `an` whose `t` is prothesis before a vowel (`An tOileán`, `An tInbhear Mór`);
/// other `t`-vowel words keep their own `T` (`An Teampall Mór`, `An Tulach`, `An Tobar`), which
/// the townland names show to be three times as common. The list is the prothesis words found in
/// `fixtures/reference/placenames`, without the `t` and compared without fadas.
const T_PROTHESES: [&str; 33] = [
    "abhallghort",
    "abhallort",
    "acra",
    "agard",
    "aileastrach",
    "ailltin",
    "aiteann",
    "allt",
    "aonach",
    "ard",
    "ardriasc",
    "ardan",
    "ath",
    "athan",
    "atharach",
    "eadan",
    "eadanan",
    "eanach",
    "easan",
    "imleach",
    "imreas",
    "inbhear",
    "iochtar",
    "iomaire",
    "iorball",
    "iur",
    "ogul",
    "oilean",
    "oireadh",
    "oireamh",
    "ullord",
    "urchar",
    "urlar",
];

/// The word after an Irish article with its initial mutation kept lower case and the radical's
/// first letter capitalised, or `None` when `lower` carries no mutation. `previous` and `lower`
/// are lower case.
///
/// Which mutations follow which article is taken from real names: after `na` h before a vowel
/// (`na hAbhann`) and eclipsis (`na gCloch`, `na nEach`); after `an` t before `s` (`an tSráid`)
/// or before a vowel for the known prothesis words (`an tOileán`), and eclipsis after a
/// preposition (`ar an gCnoc`).
pub(crate) fn irish_mutation(previous: &str, lower: &str) -> Option<String> {
    let after_na = previous == "na";
    if !after_na && previous != "an" {
        return None;
    }
    let starts_with_any = |rest: &str, set: &str| rest.starts_with(|c: char| set.contains(c));
    let mutated = |prefix: &str, rest: &str| format!("{prefix}{}", upper_first(rest));
    // A radical of one letter (`NA G`) is an initial, not a mutated word.
    let long = |rest: &str| rest.chars().count() > 1;
    for (prefix, next) in ECLIPSES {
        if let Some(rest) = lower.strip_prefix(prefix) {
            if long(rest) && starts_with_any(rest, next) {
                return Some(mutated(prefix, rest));
            }
        }
    }
    if after_na {
        if let Some(rest) = lower.strip_prefix('h') {
            if long(rest) && starts_with_any(rest, VOWELS) {
                return Some(mutated("h", rest));
            }
        }
        if let Some(rest) = lower.strip_prefix('n') {
            let radical = N_RADICALS.contains(&without_fadas(lower).as_str());
            if long(rest) && starts_with_any(rest, VOWELS) && !radical {
                return Some(mutated("n", rest));
            }
        }
        return None;
    }
    let rest = lower.strip_prefix('t')?;
    let prothesis = starts_with_any(rest, "s")
        || (starts_with_any(rest, VOWELS) && T_PROTHESES.contains(&without_fadas(rest).as_str()));
    (long(rest) && prothesis).then(|| mutated("t", rest))
}

fn without_fadas(lower: &str) -> String {
    lower
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' => 'u',
            other => other,
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eclipsis_after_na_keeps_the_eclipsing_letters_lower() {
        assert_eq!(mixed_case("BÓTHAR NA GCLOCH"), "Bóthar na gCloch");
        assert_eq!(mixed_case("PÁIRC NA BHFEAR"), "Páirc na bhFear");
        assert_eq!(mixed_case("SRÁID NA MBAN"), "Sráid na mBan");
        assert_eq!(mixed_case("DÚN NA NGALL"), "Dún na nGall");
        assert_eq!(mixed_case("CATHAIR NA NDÉISE"), "Cathair na nDéise");
        assert_eq!(mixed_case("LOCH NA BPÍOBAIRÍ"), "Loch na bPíobairí");
        assert_eq!(mixed_case("GORT NA DTORC"), "Gort na dTorc");
        assert_eq!(mixed_case("ÁTH NA NEACH"), "Áth na nEach");
        assert_eq!(mixed_case("CNOC NA NÉAN"), "Cnoc na nÉan");
    }

    #[test]
    fn article_is_lower_inside_a_line_and_capital_at_its_start() {
        assert_eq!(mixed_case("NA GCLOCH"), "Na gCloch");
        assert_eq!(mixed_case("NA CEALLA BEAGA"), "Na Cealla Beaga");
        assert_eq!(mixed_case("NA BHFEAR"), "Na bhFear");
        assert_eq!(mixed_case("NA MBAN"), "Na mBan");
    }

    #[test]
    fn h_and_t_prothesis() {
        assert_eq!(mixed_case("CÉ NA HABHANN"), "Cé na hAbhann");
        assert_eq!(mixed_case("AN TSRÁID"), "An tSráid");
        assert_eq!(mixed_case("AN TOILEÁN"), "An tOileán");
        assert_eq!(mixed_case("AN TINBHEAR MÓR"), "An tInbhear Mór");
        assert_eq!(mixed_case("BAILE AN TSLÉIBHE"), "Baile an tSléibhe");
    }

    #[test]
    fn radical_letters_that_look_mutated_stay_capital() {
        // t-words of their own after `an` (Templemore, Tullow).
        assert_eq!(mixed_case("AN TEAMPALL MÓR"), "An Teampall Mór");
        assert_eq!(mixed_case("AN TULACH"), "An Tulach");
        assert_eq!(mixed_case("BAILE AN TOBAIR"), "Baile an Tobair");
        // h-prothesis and t-before-vowel belong to different articles.
        assert_eq!(mixed_case("BAILE NA TEAMHRACH"), "Baile na Teamhrach");
        assert_eq!(mixed_case("AN HALLA"), "An Halla");
        // n-words after `na` that are not eclipsed.
        assert_eq!(mixed_case("CILL NA NAOMH"), "Cill na Naomh");
        // Not after an article: ordinary words.
        assert_eq!(mixed_case("NGONG ROAD"), "Ngong Road");
        assert_eq!(mixed_case("GCLOCH"), "Gcloch");
        // A one-letter radical is an initial.
        assert_eq!(mixed_case("NA G"), "Na G");
    }

    #[test]
    fn mutation_needs_an_article_before_it() {
        assert_eq!(irish_mutation("", "gcloch"), None);
        assert_eq!(irish_mutation("de", "gcloch"), None);
        assert_eq!(irish_mutation("an", "gcnoc").as_deref(), Some("gCnoc"));
        assert_eq!(irish_mutation("na", "tsráid"), None);
    }
}
