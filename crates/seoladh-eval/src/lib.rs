//! The accuracy benchmark: messy queries with known answers derived from an ECAD dataset, the
//! report that scores an engine's answers against the quality bars of `docs/matching.md` §7, and
//! keystroke scripts for autocomplete.
//!
//! Everything here is deterministic: the same dataset, options and seed give the same queries,
//! byte for byte. The random streams come from [`rng::SplitMix64`] (no dependency on the optional
//! `rand` crates), one stream per query class.
//!
//! The flow, as the `accuracy` and `keystrokes` commands run it:
//! 1. [`queries::derive`] samples address points and corrupts their postal address per
//!    [`QueryClass`];
//! 2. the caller runs each [`TestQuery`] through the engine and records an [`report::Outcome`];
//! 3. [`report::AccuracyReport::compute`] scores the pairs and prints the Markdown table.
//!
//! Keystroke scripts ([`keystrokes::scripts`]) work the same way with
//! [`keystrokes::KeystrokeReport`].
//!
//! ```
//! use seoladh_eval::queries::{derive, DeriveOptions};
//! use seoladh_eval::report::{AccuracyReport, Outcome};
//! use seoladh_eval::sample;
//!
//! let ds = sample::dataset();
//! let queries = derive(&ds, &DeriveOptions { per_class: 2, ..DeriveOptions::default() });
//! // A stand-in for the engine that knows every answer.
//! let outcomes: Vec<Outcome> = queries
//!     .iter()
//!     .map(|q| Outcome {
//!         result: q.expected_results[0],
//!         address_id: q.expected_id,
//!         option_ids: q.expected_id.into_iter().collect(),
//!         postcode: q.class.expects_postcode(),
//!     })
//!     .collect();
//! let report = AccuracyReport::compute(queries.iter().zip(&outcomes));
//! assert!(report.passes());
//! assert!(report.to_markdown().contains("| clean | 2 | 100.00% | ≥ 99.50% | PASS |"));
//! ```

pub mod corrupt;
pub mod format;
pub mod keystrokes;
pub mod load;
pub mod prefix_report;
pub mod prefixes;
pub mod queries;
pub mod report;
pub mod rng;
pub mod roundtrip;
mod roundtrip_report;
pub mod sample;
mod select;
pub mod tsv;
pub mod typed;

/// The kind of corruption applied to a query, named as in the TSV and the report.
///
/// The classes cover every input variation of `docs/matching.md` §1 and the quality-bar classes of §7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QueryClass {
    /// The postal lines joined with `", "`. Expect 100.
    Clean,
    /// Format changes only: case, commas, spaces, county form, abbreviations, glued numbers,
    /// swapped or duplicated elements, Dublin district forms, an appended Eircode. Expect 100
    /// (110 with the Eircode).
    Format,
    /// One typo (substitution, transposition, deletion, insertion) in every element that has a
    /// word of 4 or more letters. Expect 100.
    Typo,
    /// The county line dropped. Expect 100.
    MissingCounty,
    /// The geographic county written instead of the postal one (border addresses), or added where
    /// the postal address has no county line (a Leitrim house with post town `SLIGO`). Expect 100.
    WrongCounty,
    /// The vanity address: a locality instead of the post town, mixed case. Expect 100.
    Vanity,
    /// The Irish address, with or without fadas, with a mutation dropped or added. Expect 100.
    Irish,
    /// Irish street with English town, or the reverse. Expect 100.
    Mixed,
    /// Only the Eircode, in any spacing and case. Expect 110.
    EircodeOnly,
    /// An Eircode with one look-alike error (`O` for `0`, `I`/`L` for `1`, `S` for `5`, `B` for `8`,
    /// `Z` for `2`, `G` for `6`), alone or after the address. Expect 110.
    EircodeLookalike,
    /// The address with a non-existent Eircode one character off its own. Expect 120.
    EircodeWrong,
    /// One address with another address's Eircode: the Eircode wins. Expect 130.
    EircodeOther,
    /// A postal address shared by several address points. Expect 300 with the point in options.
    Nua,
    /// A thoroughfare with its town. Expect 500 with the thoroughfare's id.
    StreetOnly,
    /// An address point without an Eircode. Expect 200.
    NoMail,
    /// A UK address sent with `country=ie`. Expect 600.
    Foreign,
    /// Not an address (random characters, e-mail, URL, punctuation). Expect 700.
    Invalid,
    /// Plausible but absent from the data. Expect 550.
    Nomatch,
    /// A house number on a street or building that is not in the town named (a street name of
    /// another town, an estate of another town on a real street, a street of another county):
    /// the answer reaches no further than what is there (400 at the deepest element the text
    /// names and the data agrees with), offers the same street and number elsewhere (500), or
    /// finds nothing (550); never an address point's Eircode. See `queries/absent.rs`.
    Absent,
}

impl QueryClass {
    /// Every class, in report order.
    pub const ALL: [QueryClass; 19] = [
        QueryClass::Clean,
        QueryClass::Format,
        QueryClass::Typo,
        QueryClass::MissingCounty,
        QueryClass::WrongCounty,
        QueryClass::Vanity,
        QueryClass::Irish,
        QueryClass::Mixed,
        QueryClass::EircodeOnly,
        QueryClass::EircodeLookalike,
        QueryClass::EircodeWrong,
        QueryClass::EircodeOther,
        QueryClass::Nua,
        QueryClass::StreetOnly,
        QueryClass::NoMail,
        QueryClass::Foreign,
        QueryClass::Invalid,
        QueryClass::Nomatch,
        QueryClass::Absent,
    ];

    /// The name used in query ids, the TSV and the report (`missing_county`).
    pub fn name(self) -> &'static str {
        match self {
            QueryClass::Clean => "clean",
            QueryClass::Format => "format",
            QueryClass::Typo => "typo",
            QueryClass::MissingCounty => "missing_county",
            QueryClass::WrongCounty => "wrong_county",
            QueryClass::Vanity => "vanity",
            QueryClass::Irish => "irish",
            QueryClass::Mixed => "mixed",
            QueryClass::EircodeOnly => "eircode_only",
            QueryClass::EircodeLookalike => "eircode_lookalike",
            QueryClass::EircodeWrong => "eircode_wrong",
            QueryClass::EircodeOther => "eircode_other",
            QueryClass::Nua => "nua",
            QueryClass::StreetOnly => "street_only",
            QueryClass::NoMail => "no_mail",
            QueryClass::Foreign => "foreign",
            QueryClass::Invalid => "invalid",
            QueryClass::Nomatch => "nomatch",
            QueryClass::Absent => "absent",
        }
    }

    /// The class with this [`name`](QueryClass::name).
    pub fn from_name(name: &str) -> Option<QueryClass> {
        QueryClass::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The §7 quality bar: the least share of queries whose answer must be right, or `None` for
    /// classes §7 sets no bar for (they are still scored and listed).
    pub fn bar(self) -> Option<f64> {
        match self {
            QueryClass::Clean | QueryClass::Format => Some(0.995),
            QueryClass::Typo
            | QueryClass::MissingCounty
            | QueryClass::WrongCounty
            | QueryClass::Vanity
            | QueryClass::Irish
            | QueryClass::Mixed => Some(0.98),
            QueryClass::EircodeOnly => Some(1.0),
            QueryClass::EircodeLookalike | QueryClass::Nua => Some(0.99),
            _ => None,
        }
    }

    /// The result codes a right answer may carry.
    pub fn expected_results(self) -> &'static [u16] {
        match self {
            QueryClass::Clean
            | QueryClass::Typo
            | QueryClass::MissingCounty
            | QueryClass::WrongCounty
            | QueryClass::Vanity
            | QueryClass::Irish
            | QueryClass::Mixed => &[100],
            // Format queries with an appended Eircode expect 110; `derive` sets it per query.
            QueryClass::Format => &[100],
            QueryClass::EircodeOnly => &[110],
            // A look-alike is corrected: the code as typed does not exist, so the postcode was
            // amended (120); answering it as validated (110) is as right.
            QueryClass::EircodeLookalike => &[110, 120],
            QueryClass::EircodeWrong => &[120],
            QueryClass::EircodeOther => &[130],
            QueryClass::Nua => &[300],
            QueryClass::StreetOnly => &[500],
            QueryClass::NoMail => &[200],
            QueryClass::Foreign => &[600],
            QueryClass::Invalid => &[700],
            QueryClass::Nomatch => &[550],
            QueryClass::Absent => &[400, 500, 550],
        }
    }

    /// Whether a right answer may carry a postcode: only answers that name an address point do.
    pub fn expects_postcode(self) -> bool {
        !matches!(
            self,
            QueryClass::StreetOnly
                | QueryClass::Foreign
                | QueryClass::Invalid
                | QueryClass::Nomatch
                | QueryClass::Absent
        )
    }
}

impl std::fmt::Display for QueryClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The seed used when none is given (`seoladh derive-queries` without `--seed`).
pub const DEFAULT_SEED: u64 = 0x5E01_AD00;

/// The highest share of all queries that may be answered wrongly with a confident unique result
/// (100, 110, 120 or 130): 0.2% (`docs/matching.md` §7).
pub const CONFIDENT_WRONG_BAR: f64 = 0.002;

/// One benchmark query with its known answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestQuery {
    /// Unique and stable: `<class>-<variant>-<index>` (`typo-typo-00012`, `format-abbrev-00003`).
    pub id: String,
    /// What was done to the address.
    pub class: QueryClass,
    /// The text sent to FindAddress.
    pub text: String,
    /// The `country` parameter (`ie` for every derived query).
    pub country: String,
    /// The id the answer must carry (address point, or thoroughfare for `street_only`), `None`
    /// when no address is right (`foreign`, `invalid`, `nomatch`).
    pub expected_id: Option<u64>,
    /// Acceptable result codes.
    pub expected_results: Vec<u16>,
    /// The expected id must be among the options (non-unique addresses), not the answer's id.
    pub expect_in_options: bool,
    /// Other ids a right answer may carry (`absent` only): elements as right as `expected_id`
    /// for a 400 (a locality named like the post town), and the address points a 500 may offer
    /// (the same street or estate and number in other towns). Empty for the other classes.
    pub accepted: Vec<u64>,
}
