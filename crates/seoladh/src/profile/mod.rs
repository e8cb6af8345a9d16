//! Address profiles: named recipes that reformat a matched address into the lines a target system
//! accepts (`addressProfileName`, `docs/matching.md` §6, `reformattedAddress` in `docs/wire.md`).
//!
//! A [`Profile`] fixes the number of lines, the most characters per line, the abbreviation policy,
//! the capitalisation, whether fadas are kept, whether the county is always shown, where the
//! Eircode goes, which lines may share a line and which may be dropped when lines run out.
//! `src/profile/profiles.toml` is embedded as the built-in set ([`ProfileSet::builtin`]) and
//! documents every key; a deployment's TOML file ([`ProfileSet::load`]) adds its own profiles,
//! each a full definition or an alias of another (`alias = "default"`), so that the names real
//! integrations send (`MagentoDefault`, `Demo5LineV2`) find a profile. Names match ignoring
//! case, spaces and punctuation ([`name_key`]); a name the set does not have is answered with
//! `default` or refused, by the set's [`UnknownProfile`] policy.
//!
//! # Input
//!
//! The rendered [`Address`] of the address builder ([`postal_address`](crate::ecad::address::postal_address),
//! also geographic or vanity). Its lines are rebuilt from the typed elements, and each line gets a
//! [`LineRole`] from its main element: the first of two organisation lines is the department, the
//! second thoroughfare and the second locality lines are the secondary ones. The building number
//! stays glued to the line it prefixes, so number and street are never split.
//!
//! # Algorithm (in this order; each step runs only while the address does not fit)
//!
//! 1. **Prepare.** With `county_always`, a county line is added after the post town when the
//!    postal rules left it out: `CO. DUBLIN` for a Dublin district (`CO. BHAILE ÁTHA CLIATH` in
//!    Irish), `CO. CARLOW` for a county-named post town, or the county given by the caller
//!    ([`Profile::reformat_with_county`], [`Profile::reformat_parts`]). With `eircode = "omit"`
//!    the Eircode line is removed (by design, so not a loss). With `abbreviate = "always"` every
//!    abbreviable word is abbreviated now.
//! 2. **Abbreviate** (`abbreviate = "when_needed"`): a line longer than `max_chars` has its
//!    abbreviable words shortened, last word first, until it fits (`ROAD`→`RD`, table in
//!    [`abbreviation`]).
//! 3. **Merge** while there are more lines than the profile holds: the `share` rules are tried in
//!    the profile's order, bottom-most pair first; a rule `a+b` joins a line ending in role `a`
//!    with the next line when it starts with role `b`, with the profile's separator, and only when
//!    the joined line fits (after abbreviating it, when the policy allows).
//! 4. **Drop** when no merge applies: the next role of the `drop` list that stands on a line of its
//!    own is removed (by default secondary locality, locality, department, secondary
//!    thoroughfare, county, building name, organisation, building group, sub-building), then
//!    merging is tried again. A line with the building number, the thoroughfare and the post
//!    town are never dropped.
//! 5. **Force-merge** when nothing may be dropped: the adjacent pair with the shortest joined
//!    text is joined (the later pair on a tie), whatever the share rules say.
//! 6. **Truncate** every line still longer than `max_chars` to `max_chars` characters (trailing
//!    spaces and separators trimmed).
//! 7. **Finish**: capitalisation (upper / lower / proper / as is; the Eircode stays upper case),
//!    then fadas folded to plain letters when `irish_letters = "plain"`. Lengths are measured on
//!    the finished text, so what is checked is what is returned.
//! 8. **Place** the lines into the profile's line count; unused lines are `None` (JSON null). With
//!    `eircode = "last_line"` the Eircode's line takes the last slot.
//!
//! The result code says what had to give, the worst first: 103 lost and truncated, 102 lost, 101
//! truncated, 110 abbreviated (also under `abbreviate = "always"`: the lines do differ from the
//! address), else 100. Merging lines loses nothing and is a success.
//!
//! ```
//! use seoladh::ecad::address::{postal_address, AddressParts, ElementType, Language, Part};
//! use seoladh::profile::{ProfileSet, ReformatResult};
//!
//! let parts = AddressParts {
//!     building_number: Some("8".into()),
//!     building_group: Some(Part::new(1300000001, "SILVER BIRCHES", ElementType::BuildingGroup)),
//!     primary_locality: Some(Part::new(1110000001, "MILLFARM", ElementType::Locality)),
//!     post_town: Some(Part::new(1100000001, "DUNBOYNE", ElementType::PostTown)),
//!     post_county: Some(Part::new(1001000001, "MEATH", ElementType::County)),
//!     eircode: Some("A86VC04".into()),
//!     ..AddressParts::default()
//! };
//! let address = postal_address(&parts, Language::English);
//! let profiles = ProfileSet::builtin();
//! let label = profiles.get("LABEL4").expect("a built-in profile");
//! let out = label.reformat(&address);
//! assert_eq!(out.result, ReformatResult::Success);
//! assert_eq!(
//!     out.lines,
//!     vec![
//!         Some("8 Silver Birches".to_string()),
//!         Some("Millfarm, Dunboyne".to_string()),
//!         Some("Co. Meath".to_string()),
//!         Some("A86 VC04".to_string()),
//!     ]
//! );
//! ```

pub mod abbreviation;
mod config;
mod finish;
mod fit;
mod role;

pub use config::{name_key, Lookup, ProfileSet, UnknownProfile, DEFAULT_PROFILE};
pub use role::LineRole;

use crate::ecad::address::{Address, AddressElement, AddressParts, ElementType, Language};

/// When words are abbreviated (`ROAD`→`RD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Abbreviation {
    /// Never: a line that is too long is truncated instead.
    #[default]
    Never,
    /// Every abbreviable word, whether or not the line is too long.
    Always,
    /// Only the words needed to make a line fit, last word first.
    WhenNeeded,
}

/// The letter case of the output lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Capitalisation {
    /// As the address has it (upper case for postal addresses, mixed for vanity ones).
    #[default]
    AsIs,
    /// `8 SILVER BIRCHES`.
    Upper,
    /// `8 silver birches` (the Eircode stays upper case).
    Lower,
    /// `8 Silver Birches`, `O'Connell`, `McDonagh`, `Co. Meath`, `Bóthar na Trá`.
    Proper,
}

/// What happens to Irish letters with a fada (`Á`, `É`, `Í`, `Ó`, `Ú`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum IrishLetters {
    /// Kept (`BAILE ÁTHA CLIATH 2`).
    #[default]
    Keep,
    /// Replaced by the plain letter, for systems limited to ASCII (`BAILE ATHA CLIATH 2`).
    Plain,
}

/// Where the Eircode goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EircodePlacement {
    /// A line of its own right after the address (it may share a line only through a `share`
    /// rule).
    #[default]
    OwnLine,
    /// A line of its own in the profile's last slot, with empty lines before it when the address
    /// is short (mailing labels).
    LastLine,
    /// Left out: the target system keeps the postcode in a field of its own.
    Omit,
}

/// A named reformatting recipe. Build one with [`Profile::new`] and set its fields, or read a
/// set from a TOML file with [`ProfileSet`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Profile {
    /// The name (matched ignoring case, spaces and punctuation, [`name_key`]).
    pub name: String,
    /// For an alias (`alias = "default"` in a profiles file): the profile it stands for.
    pub alias_of: Option<String>,
    /// What the profile is for (documentation only).
    pub description: String,
    /// Number of lines of the output (`reformattedAddress` always has this many entries; 0 is
    /// read as 1). Profile files accept 1 to [`MAX_PROFILE_LINES`](crate::limits::MAX_PROFILE_LINES).
    pub lines: usize,
    /// Most characters (Unicode scalar values) per line; `None` for no limit. Profile files
    /// accept [`MIN_PROFILE_LINE_CHARS`](crate::limits::MIN_PROFILE_LINE_CHARS) and up, so an
    /// Eircode line is never cut.
    pub max_chars: Option<usize>,
    /// Abbreviation policy.
    pub abbreviation: Abbreviation,
    /// Letter case.
    pub capitalisation: Capitalisation,
    /// Fadas kept or folded.
    pub irish_letters: IrishLetters,
    /// Show the county even where the postal address leaves it out (Dublin districts,
    /// county-named post towns).
    pub county_always: bool,
    /// Where the Eircode goes.
    pub eircode: EircodePlacement,
    /// Put between two lines joined into one.
    pub separator: String,
    /// Which lines may share a line, tried in this order: `(a, b)` joins a line ending in `a`
    /// with the next line when it starts with `b`.
    pub share: Vec<(LineRole, LineRole)>,
    /// Which lines may be dropped when lines run out, least important first.
    pub drop: Vec<LineRole>,
}

impl Profile {
    /// A profile called `name` that keeps the address as it is: 9 lines (8 plus the Eircode), no
    /// length limit, no abbreviation, case and letters as they are, the default share and drop
    /// rules.
    pub fn new(name: impl Into<String>) -> Profile {
        Profile {
            name: name.into(),
            alias_of: None,
            description: String::new(),
            lines: crate::ecad::address::MAX_ADDRESS_LINES + 1,
            max_chars: None,
            abbreviation: Abbreviation::Never,
            capitalisation: Capitalisation::AsIs,
            irish_letters: IrishLetters::Keep,
            county_always: false,
            eircode: EircodePlacement::OwnLine,
            separator: ", ".to_string(),
            share: role::DEFAULT_SHARE.to_vec(),
            drop: role::DEFAULT_DROP.to_vec(),
        }
    }

    /// Reformats a rendered address. With `county_always`, a missing county is inferred from the
    /// post town (Dublin districts → `CO. DUBLIN`, county-named post towns → `CO. <TOWN>`).
    pub fn reformat(&self, address: &Address) -> Reformatted {
        fit::reformat(self, address, None)
    }

    /// Reformats a rendered address, taking the county line (`CO. MEATH`, type
    /// [`ElementType::County`]) that `county_always` adds from the caller when the address has
    /// none.
    pub fn reformat_with_county(
        &self,
        address: &Address,
        county: Option<&AddressElement>,
    ) -> Reformatted {
        fit::reformat(self, address, county)
    }

    /// Renders the postal address of `parts` in `lang` and reformats it, with the post county of
    /// `parts` for `county_always`.
    pub fn reformat_parts(&self, parts: &AddressParts, lang: Language) -> Reformatted {
        let address = crate::ecad::address::postal_address(parts, lang);
        let county = parts
            .post_county
            .as_ref()
            .filter(|c| !c.english.trim().is_empty())
            .map(|c| AddressElement {
                value: format!("CO. {}", c.name(lang)),
                kind: ElementType::County,
                id: c.id,
            });
        fit::reformat(self, &address, county.as_ref())
    }
}

/// What had to give to fit the address into the profile (`reformattedAddressResult`,
/// wire-compat §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum ReformatResult {
    /// Everything fitted as it is (lines may have been joined).
    Success = 100,
    /// A line was cut at the character limit.
    AddressElementTruncated = 101,
    /// An element was left out for want of lines.
    AddressElementLost = 102,
    /// An element was left out and a line was cut.
    AddressElementLostAndTruncated = 103,
    /// Words were abbreviated; nothing was lost or cut.
    AddressElementAbbreviated = 110,
}

impl ReformatResult {
    /// The wire code.
    pub fn code(self) -> u16 {
        self as u16
    }

    /// The wire name (`AddressElementLost`).
    pub fn name(self) -> &'static str {
        match self {
            ReformatResult::Success => "Success",
            ReformatResult::AddressElementTruncated => "AddressElementTruncated",
            ReformatResult::AddressElementLost => "AddressElementLost",
            ReformatResult::AddressElementLostAndTruncated => "AddressElementLostAndTruncated",
            ReformatResult::AddressElementAbbreviated => "AddressElementAbbreviated",
        }
    }

    /// The result with this wire code.
    pub fn from_code(code: u16) -> Option<ReformatResult> {
        [
            ReformatResult::Success,
            ReformatResult::AddressElementTruncated,
            ReformatResult::AddressElementLost,
            ReformatResult::AddressElementLostAndTruncated,
            ReformatResult::AddressElementAbbreviated,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }

    /// The result for what happened, the worst first.
    pub(crate) fn from_flags(lost: bool, truncated: bool, abbreviated: bool) -> ReformatResult {
        match (lost, truncated, abbreviated) {
            (true, true, _) => ReformatResult::AddressElementLostAndTruncated,
            (true, false, _) => ReformatResult::AddressElementLost,
            (false, true, _) => ReformatResult::AddressElementTruncated,
            (false, false, true) => ReformatResult::AddressElementAbbreviated,
            (false, false, false) => ReformatResult::Success,
        }
    }
}

/// A reformatted address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reformatted {
    /// Exactly the profile's number of lines; unused lines are `None` (null on the wire).
    pub lines: Vec<Option<String>>,
    /// What had to give.
    pub result: ReformatResult,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_codes_round_trip_and_rank() {
        for code in [100, 101, 102, 103, 110] {
            let r = ReformatResult::from_code(code).map(ReformatResult::code);
            assert_eq!(r, Some(code));
        }
        assert_eq!(ReformatResult::from_code(0), None);
        assert_eq!(
            ReformatResult::from_flags(true, true, true),
            ReformatResult::AddressElementLostAndTruncated
        );
        assert_eq!(
            ReformatResult::from_flags(true, false, true),
            ReformatResult::AddressElementLost
        );
        assert_eq!(
            ReformatResult::from_flags(false, true, true),
            ReformatResult::AddressElementTruncated
        );
        assert_eq!(
            ReformatResult::from_flags(false, false, true),
            ReformatResult::AddressElementAbbreviated
        );
        assert_eq!(
            ReformatResult::AddressElementLostAndTruncated.name(),
            "AddressElementLostAndTruncated"
        );
    }
}
