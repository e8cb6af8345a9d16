//! Which code a token is: the one decision between the Eircode and the UK postcode readings of
//! the same characters (`docs/matching.md` §2: a UK postcode never becomes an Eircode through
//! look-alike corrections).
//!
//! The two alphabets overlap once look-alikes are corrected: `DL104HY` is the UK postcode
//! `DL10 4HY` and, with `L` read as `1`, the Eircode `D11 04HY`; `AB106ES` is `AB10 6ES` or
//! `A81 06E5`. No clean Eircode is a UK postcode (a 7-character UK postcode has a letter second,
//! an Eircode a digit), so the conflict is always a corrected Eircode against a UK reading.
//!
//! The rule, in order:
//! 1. a clean Eircode is an Eircode, and so is a corrected one when the text beside it reads
//!    whole as an address in its routing area ([`Check::Agreed`]);
//! 2. a UK postcode whose district is in use, read with fewer repairs than the Eircode needs
//!    corrections (none at all: its space, if any, before the inward code; or `AB13 LDA`, one
//!    look-alike where the Eircode `A81 31DA` needs two), is a UK postcode;
//! 3. an Eircode read with corrections is an Eircode, unless the index does not have it and the
//!    text does not name its routing area ([`Check::Unconfirmed`]): then a UK reading, if there
//!    is one, wins;
//! 4. otherwise a UK postcode (its shape only, or repaired) is one.
//!
//! The tokeniser decides with what it has ([`Check::Unchecked`]); the search settles step 3
//! against the index (`search::Plan::settle_codes`).

use super::eircode::Parsed;
use super::postcode::UkPostcode;

/// A code read from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// An Eircode, with its look-alike corrections.
    Eircode(Parsed),
    /// A UK postcode and how many look-alikes were repaired in it.
    Uk(UkPostcode, u8),
}

/// What is known of a corrected Eircode reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Nothing yet (no index at hand).
    Unchecked,
    /// The index has the code (current or retired), or the text names its routing area.
    Confirmed,
    /// The index does not have it and the text does not name its routing area.
    Unconfirmed,
    /// The text beside it reads whole as an address in the code's routing area.
    Agreed,
}

/// Chooses between the Eircode reading (code, repairs) and the UK reading (postcode, repairs)
/// of one stretch of text (see the module's rule). An Eircode's repairs are its look-alike
/// corrections and a space typed elsewhere than after the routing key; a UK postcode's are its
/// look-alikes and a space typed elsewhere than before the inward code.
pub fn choose(
    eircode: Option<(Parsed, u8)>,
    uk: Option<(UkPostcode, u8)>,
    check: Check,
) -> Option<Code> {
    match (eircode, uk) {
        (Some((e, _)), _) if e.corrections == 0 || check == Check::Agreed => Some(Code::Eircode(e)),
        (Some((_, m)), Some((u, n))) if n < m && u.is_known_district() => Some(Code::Uk(u, n)),
        (Some(_), Some((u, n))) if check == Check::Unconfirmed => Some(Code::Uk(u, n)),
        (Some((e, _)), _) => Some(Code::Eircode(e)),
        (None, Some((u, n))) => Some(Code::Uk(u, n)),
        (None, None) => None,
    }
}

/// An Eircode read as typed by the tokeniser (its space, if any, after the routing key): the
/// code and its repairs, for [`choose`].
pub fn typed(e: Parsed) -> (Parsed, u8) {
    (e, e.corrections)
}

/// A code as read, with the number of repairs its reading took.
pub type Repaired<T> = Option<(T, u8)>;

/// Both readings of a stretch of text, any case, spaces anywhere: the Eircode
/// ([`super::eircode::parse`], look-alikes corrected) and the UK postcode
/// ([`super::postcode::parse_repaired`]), each with its repairs.
pub fn readings(text: &str) -> (Repaired<Parsed>, Repaired<UkPostcode>) {
    let eircode = super::eircode::parse_ok(text).map(|e| (e, e.corrections + moved_space(text)));
    (eircode, super::postcode::parse_repaired(text))
}

/// 1 when the first space (or dash) of `text` parts its characters elsewhere than after the 3
/// of a routing key (`A822 1LX`), else 0.
fn moved_space(text: &str) -> u8 {
    let text = text.trim();
    let gap = text.find(|c: char| c.is_whitespace() || c == '-');
    u8::from(gap.is_some_and(|g| {
        text[..g]
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .count()
            != 3
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, check: Check) -> Option<String> {
        let (e, u) = readings(text);
        choose(e, u, check).map(|c| match c {
            Code::Eircode(p) => format!("ie {} {}", p.eircode.as_str(), p.corrections),
            Code::Uk(p, n) => format!("uk {} {n}", p.as_str()),
        })
    }

    #[test]
    fn a_clean_uk_postcode_beats_a_corrected_eircode() {
        for check in [Check::Unchecked, Check::Confirmed, Check::Unconfirmed] {
            assert_eq!(read("DL104HY", check).as_deref(), Some("uk DL10 4HY 0"));
            assert_eq!(read("ab10 6es", check).as_deref(), Some("uk AB10 6ES 0"));
            assert_eq!(read("A86 VC04", check).as_deref(), Some("ie A86VC04 0"));
        }
    }

    #[test]
    fn a_corrected_eircode_needs_confirming_against_a_uk_reading() {
        // `DL5A 2XY` has a UK shape but no district in use.
        assert_eq!(
            read("DL5A2XY", Check::Unchecked).as_deref(),
            Some("ie D15A2XY 1")
        );
        assert_eq!(
            read("DL5A2XY", Check::Confirmed).as_deref(),
            Some("ie D15A2XY 1")
        );
        assert_eq!(
            read("DL5A2XY", Check::Unconfirmed).as_deref(),
            Some("uk DL5A 2XY 0")
        );
        // No UK reading: the Eircode stays, confirmed or not.
        assert_eq!(
            read("A8G VCO4", Check::Unconfirmed).as_deref(),
            Some("ie A86VC04 2")
        );
        // Only a UK reading, repaired.
        assert_eq!(
            read("HU17 OXL", Check::Unchecked).as_deref(),
            Some("uk HU17 0XL 1")
        );
        // Fewer look-alikes in the UK reading: the UK postcode, whatever the index holds.
        for check in [Check::Unchecked, Check::Confirmed, Check::Unconfirmed] {
            assert_eq!(read("AB13 LDA", check).as_deref(), Some("uk AB13 1DA 1"));
            // A space where a UK postcode has it and an Eircode does not counts too.
            assert_eq!(read("A822 1LX", check).as_deref(), Some("uk AB22 1LX 1"));
        }
        assert_eq!(
            read("A8221LX", Check::Confirmed).as_deref(),
            Some("ie A82211X 1")
        );
        // As many: an Eircode the index has stays one.
        assert_eq!(
            read("AB1 3LDA", Check::Confirmed).as_deref(),
            Some("ie A8131DA 2")
        );
        // Spaced as an Eircode, a real UK postcode is no longer one as typed: the text decides.
        assert_eq!(
            read("DL1 04HY", Check::Confirmed).as_deref(),
            Some("ie D1104HY 1")
        );
        assert_eq!(
            read("DL1 04HY", Check::Unconfirmed).as_deref(),
            Some("uk DL10 4HY 1")
        );
    }
}
