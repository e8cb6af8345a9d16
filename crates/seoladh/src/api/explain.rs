//! The `explain` object of a FindAddress answer: asked for with `explain=true` (not part of the
//! 2.0 wire format, and absent from every answer that did not ask). It says how each typed word
//! and number was read, which element of the answer it matched, and which candidates came close
//! and why they lost, so that a user can trust or challenge an answer.

use serde::{Deserialize, Serialize};

/// Why an answer is what it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Explain {
    /// Every word and number of the input, in input order.
    pub words: Vec<ExplainWord>,
    /// The candidate the answer was built from, then those that came close, best first.
    pub candidates: Vec<ExplainCandidate>,
}

/// How one typed word or number was read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplainWord {
    /// The text as typed.
    pub text: String,
    /// What it was read as (normalised; an abbreviation expanded).
    pub read_as: String,
    /// `exact`, `abbreviation`, `equivalent` (English/Irish, an Irish mutation), `joined` (two
    /// typed words are one name word), `split` (one typed word is two), `typo`, `ownWord` (read
    /// against the answer's own words after matching), `houseNumber`, `unitNumber`, `county`,
    /// `eircode`, or `unexplained`.
    pub reading: String,
    /// Edits of a typo reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edits: Option<u8>,
    /// The index term it matched, when not the word itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<String>,
    /// The element of the answer it matched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element: Option<ExplainElement>,
}

/// An address element named in an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplainElement {
    /// Its ECAD id.
    pub id: u64,
    /// `County`, `PostTown`, `Locality`, `Thoroughfare`, `BuildingGroup`, `BuildingName`,
    /// `Organisation`, `Building` (a house number), `SubBuilding` (a unit).
    #[serde(rename = "type")]
    pub element_type: String,
    /// Its name (the variant that matched).
    pub name: String,
}

/// A candidate answer and how it fared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplainCandidate {
    /// What it points at (address point, building or element).
    pub address_id: Option<u64>,
    /// Its address on one line.
    pub display_name: String,
    /// The matcher's score (higher is better).
    pub score: f32,
    /// Typed words and numbers it leaves unexplained.
    pub unexplained: Vec<String>,
    /// Names in its address that the input does not give (an estate, a building, a unit, a
    /// second locality …).
    pub untyped: Vec<String>,
    /// `answer`, `tied` (offered beside the answer), or why it lost.
    pub verdict: String,
}
