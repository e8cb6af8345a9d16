//! The last touches on an element's text: letter case, then fadas.

use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};

use super::{Capitalisation, IrishLetters};
use crate::ecad::address::{mixed_case, ElementType};

/// The element's text as the profile writes it. The Eircode is always upper case (`A86 VC04`);
/// proper case follows the vanity rules of [`mixed_case`] per element, so a name's first word is
/// capitalised even after a number (`8 Na Cluainte`), particles inside it stay lower
/// (`Bóthar na Trá`, `Co. na Mí`) and Irish mutations are kept (`na gCloch`, `an tSráid`: one
/// implementation, in `ecad::case`).
pub(crate) fn finish(
    value: &str,
    kind: ElementType,
    case: Capitalisation,
    letters: IrishLetters,
) -> String {
    let cased = if kind == ElementType::Eircode {
        value.to_uppercase()
    } else {
        match case {
            Capitalisation::AsIs => value.to_string(),
            Capitalisation::Upper => value.to_uppercase(),
            Capitalisation::Lower => value.to_lowercase(),
            Capitalisation::Proper => lower_small_words(&mixed_case(value)),
        }
    };
    match letters {
        IrishLetters::Keep => cased,
        IrishLetters::Plain => plain_letters(&cased),
    }
}

/// English words kept lower case inside a name on top of the vanity rules (`College of
/// Surgeons in Ireland`), and in the parts of a hyphenated name after the first
/// (`Carrick-on-Shannon`).
const SMALL_WORDS: [&str; 6] = ["in", "on", "at", "by", "for", "upon"];

/// Particles lower case after a hyphen (`Carrick-on-Shannon`, `Baile-na-Cille`).
const HYPHEN_WORDS: [&str; 11] = [
    "in", "on", "at", "by", "upon", "of", "the", "and", "na", "an", "le",
];

fn lower_small_words(proper: &str) -> String {
    let words: Vec<String> = proper
        .split(' ')
        .enumerate()
        .map(|(i, word)| {
            let lower = word.to_lowercase();
            if i > 0 && SMALL_WORDS.contains(&lower.as_str()) {
                return lower;
            }
            if !word.contains('-') {
                return word.to_string();
            }
            let pieces: Vec<String> = word
                .split('-')
                .enumerate()
                .map(|(j, piece)| {
                    let l = piece.to_lowercase();
                    if j > 0 && HYPHEN_WORDS.contains(&l.as_str()) {
                        l
                    } else {
                        piece.to_string()
                    }
                })
                .collect();
            pieces.join("-")
        })
        .collect();
    words.join(" ")
}

/// Letters with a fada (or any other accent) replaced by the plain letter: `Á`→`A`, `í`→`i`.
pub(crate) fn plain_letters(text: &str) -> String {
    if text.is_ascii() {
        return text.to_string();
    }
    text.nfd()
        .filter(|c| !is_combining_mark(*c))
        .nfc()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proper(value: &str) -> String {
        finish(
            value,
            ElementType::Thoroughfare,
            Capitalisation::Proper,
            IrishLetters::Keep,
        )
    }

    #[test]
    fn proper_case_names() {
        assert_eq!(proper("O'CONNELL STREET"), "O'Connell Street");
        assert_eq!(proper("MCDONAGH ROAD"), "McDonagh Road");
        assert_eq!(proper("CO. MEATH"), "Co. Meath");
        assert_eq!(proper("BÓTHAR NA TRÁ"), "Bóthar na Trá");
        assert_eq!(proper("CO. NA MÍ"), "Co. na Mí");
        assert_eq!(proper("SRÁID DE BÚRCA"), "Sráid de Búrca");
        assert_eq!(proper("DUBLIN 6W"), "Dublin 6W");
        assert_eq!(proper("APT 3"), "Apt 3");
        assert_eq!(
            proper("THE ROYAL COLLEGE OF SURGEONS IN IRELAND"),
            "The Royal College of Surgeons in Ireland"
        );
        assert_eq!(proper("CARRICK-ON-SHANNON"), "Carrick-on-Shannon");
        assert_eq!(proper("ON THE GREEN"), "On the Green");
        assert_eq!(proper("DÚN NA NGALL"), "Dún na nGall");
        assert_eq!(proper("BÓTHAR NA GCLOCH"), "Bóthar na gCloch");
        assert_eq!(proper("PÁIRC NA BHFEAR"), "Páirc na bhFear");
        assert_eq!(proper("SRÁID NA MBAN"), "Sráid na mBan");
        assert_eq!(proper("CÉ NA HABHANN"), "Cé na hAbhann");
        assert_eq!(proper("AN TSRÁID"), "An tSráid");
        assert_eq!(proper("AN TEAMPALL MÓR"), "An Teampall Mór");
        assert_eq!(proper("NA CEALLA BEAGA"), "Na Cealla Beaga");
        // Not after an article: an ordinary word.
        assert_eq!(proper("NGONG ROAD"), "Ngong Road");
    }

    #[test]
    fn eircode_stays_upper() {
        for case in [
            Capitalisation::Proper,
            Capitalisation::Lower,
            Capitalisation::AsIs,
        ] {
            let out = finish("a86 vc04", ElementType::Eircode, case, IrishLetters::Keep);
            assert_eq!(out, "A86 VC04");
        }
    }

    #[test]
    fn upper_lower_and_as_is() {
        let k = ElementType::Locality;
        let keep = IrishLetters::Keep;
        assert_eq!(
            finish("Cabinteely", k, Capitalisation::Upper, keep),
            "CABINTEELY"
        );
        assert_eq!(
            finish("CABINTEELY", k, Capitalisation::Lower, keep),
            "cabinteely"
        );
        assert_eq!(
            finish("Cabinteely", k, Capitalisation::AsIs, keep),
            "Cabinteely"
        );
        assert_eq!(
            finish("BAILE ÁTHA CLIATH 2", k, Capitalisation::Lower, keep),
            "baile átha cliath 2"
        );
    }

    #[test]
    fn fadas_fold_to_plain_letters() {
        assert_eq!(
            plain_letters("BAILE ÁTHA CLIATH 6W"),
            "BAILE ATHA CLIATH 6W"
        );
        assert_eq!(plain_letters("Co. na Mí"), "Co. na Mi");
        assert_eq!(plain_letters("ÉÍÓÚáéíóú"), "EIOUaeiou");
        assert_eq!(plain_letters("MAIN STREET"), "MAIN STREET");
        let folded = finish(
            "BÓTHAR NA TRÁ",
            ElementType::Thoroughfare,
            Capitalisation::Proper,
            IrishLetters::Plain,
        );
        assert_eq!(folded, "Bothar na Tra");
    }
}
