//! The last touches on an element's text: letter case, then fadas.

use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};

use super::{Capitalisation, IrishLetters};
use crate::ecad::address::{mixed_case, ElementType};

/// The element's text as the profile writes it. The Eircode is always upper case (`A86 VC04`);
/// proper case follows the vanity rules of [`mixed_case`] per element, so a name's first word is
/// capitalised even after a number (`8 Na Cluainte`) and particles inside it stay lower
/// (`Bóthar na Trá`, `Co. na Mí`).
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
            Capitalisation::Proper => mixed_case(value),
        }
    };
    match letters {
        IrishLetters::Keep => cased,
        IrishLetters::Plain => plain_letters(&cased),
    }
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
