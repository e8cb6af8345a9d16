//! The text pipeline: what people type, turned into the tokens the index and the matcher share.
//!
//! - [`normalise`](fn@normalise): the match key of a string (folded, lower-case ASCII words; see
//!   [`normalise::STEPS`]);
//! - [`tokenise`](fn@tokenise) / [`tokenise_into`]: typed tokens with spans into the original input;
//! - [`index_terms`]: the terms of an ECAD element name, in exactly the form query tokens take;
//! - [`lexicon`]: street types, counties, Dublin districts, English↔Irish equivalents, mutations;
//! - [`eircode`] and [`postcode`]: Eircode and UK postcode parsing; [`codes`]: which of the two
//!   a token is.
//!
//! ```
//! use seoladh::raw::text::{tokenise, TokenKind};
//! let t = tokenise("Apt 3, 12 St. Patrick's Rd, Dublin 6W, D6W X2Y3");
//! let words: Vec<&str> = t.texts().collect();
//! assert_eq!(words, ["apartment", "3", "12", "saint", "patricks", "road", "d6w", "d6wx2y3"]);
//! assert_eq!(t.first(TokenKind::DublinDistrict).map(|d| d.section), Some(2));
//! ```

mod ascii;
pub mod codes;
pub mod eircode;
mod fold;
pub mod lexicon;
mod lookalike;
mod mutation;
pub mod normalise;
pub mod postcode;
mod roles;
mod table;
pub mod tokenise;
pub mod uk_places;
mod words;

use std::cell::RefCell;

pub use normalise::{normalise, normalise_cow, NORMALISER_VERSION};
pub use tokenise::{tokenise, tokenise_into, Token, TokenKind, Tokenised};

// Public free function called from every layer; fresh buffers per call: Find +2.9% instructions.
thread_local! {
    static TERMS: RefCell<Tokenised> = RefCell::new(Tokenised::new());
}

/// Edits allowed for a word of `chars` characters.
pub fn typo_budget(chars: usize) -> u8 {
    match chars {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Appends to `out` the terms of an ECAD element name (`ST. PATRICK'S ROAD`, `BÓTHAR NA TRÁ`,
/// `DUBLIN 6W`, `CO. NA MÍ`) in exactly the form query tokens take, so index and query agree:
/// `["saint", "patricks", "road"]`, `["bothar", "na", "tra"]`, `["d6w"]`, `["meath"]`.
/// Separators are not terms.
pub fn index_terms(name: &str, out: &mut Vec<String>) {
    let mut push_all = |t: &Tokenised| out.extend(t.texts().map(str::to_owned));
    TERMS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut t) => {
            tokenise_into(name, &mut t);
            push_all(&t);
        }
        Err(_) => push_all(&tokenise(name)),
    });
}

/// The terms of an element name as one line of an address that goes on without a comma
/// (`BAILE AN CHLÁIR GUAIRE`): a county name ending the name stays words (`["baile", "an",
/// "clair"]`, where [`index_terms`] reads `["baile", "clare"]`). `None` when they are the same.
pub(crate) fn index_terms_within_line(name: &str) -> Option<Vec<String>> {
    let mut t = Tokenised::new();
    tokenise_into(name, &mut t);
    if !t.tokens.iter().any(|k| k.kind == TokenKind::County) {
        return None;
    }
    let ends: Vec<String> = t.texts().map(str::to_owned).collect();
    tokenise::tokenise_within_line_into(name, &mut t);
    let within = t.texts().map(str::to_owned).collect::<Vec<_>>();
    (within != ends).then_some(within)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_terms_agree_with_queries() {
        let mut out = Vec::new();
        index_terms("ST. PATRICK'S ROAD", &mut out);
        assert_eq!(out, ["saint", "patricks", "road"]);
        out.clear();
        index_terms("BÓTHAR NA TRÁ", &mut out);
        assert_eq!(out, ["bothar", "na", "tra"]);
        out.clear();
        index_terms("BAILE ÁTHA CLIATH 6W", &mut out);
        assert_eq!(out, ["d6w"]);
        out.clear();
        index_terms("CO. NA MÍ", &mut out);
        assert_eq!(out, ["meath"]);
        out.clear();
        index_terms("BAILE AN CHLÁIR", &mut out);
        assert_eq!(out, ["baile", "clare"]);
        assert_eq!(
            index_terms_within_line("BAILE AN CHLÁIR").as_deref(),
            Some(&["baile", "an", "clair"].map(String::from)[..])
        );
        assert_eq!(
            index_terms_within_line("DOIRE").as_deref(),
            Some(&["doire".to_string()][..])
        );
        // A county after its marker is the county anywhere in a line.
        assert_eq!(index_terms_within_line("CO. NA MÍ"), None);
        assert_eq!(index_terms_within_line("MAIN STREET"), None);
    }
}
