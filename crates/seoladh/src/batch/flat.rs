//! A row's answer as flat columns: what validating a file needs from each FindAddress answer
//! (result, id, Eircode, match level, lines, unmatched words, error), without the options,
//! links and echo of the full response. The Parquet output of `seoladh batch` and the Python
//! package's Arrow batches are these columns (named and typed by the `arrow` module).

use crate::api::{AddressType, ApiError, ErrorCode, FindAddressResponse, FindResult, MatchLevel};

/// The flat answer of one row: a response's fields, or the error the row was refused with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FlatAnswer {
    /// `result` (its code and text); `None` for a refused row.
    pub result: Option<FindResult>,
    /// `addressId`.
    pub address_id: Option<u64>,
    /// `addressType`.
    pub address_type: Option<AddressType>,
    /// `postcode`: the Eircode (no space), or a UK postcode.
    pub postcode: Option<String>,
    /// `matchLevel`.
    pub match_level: Option<MatchLevel>,
    /// `postalAddress`: the postal lines.
    pub postal_address: Option<Vec<String>>,
    /// `reformattedAddress`: the lines of the requested address profile (a line may be null).
    pub reformatted_address: Option<Vec<Option<String>>>,
    /// `unmatched`: input words that could not be placed.
    pub unmatched: Option<Vec<String>>,
    /// `totalOptions`; `None` for a refused row.
    pub total_options: Option<u64>,
    /// Why the row was refused (the wire error: a bad parameter, an unreadable row).
    pub error: Option<FlatError>,
}

/// A refused row's wire error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatError {
    /// The wire code (`400011` …).
    pub code: ErrorCode,
    /// The message.
    pub message: String,
}

impl From<FindAddressResponse> for FlatAnswer {
    fn from(r: FindAddressResponse) -> Self {
        FlatAnswer {
            result: Some(r.result),
            address_id: r.address_id,
            address_type: r.address_type,
            postcode: r.postcode,
            match_level: r.match_level,
            postal_address: r.postal_address,
            reformatted_address: r.reformatted_address,
            unmatched: r.unmatched,
            total_options: Some(r.total_options as u64),
            error: None,
        }
    }
}

impl From<ApiError> for FlatAnswer {
    fn from(e: ApiError) -> Self {
        FlatAnswer {
            error: Some(FlatError {
                code: e.code,
                message: e.message,
            }),
            ..FlatAnswer::default()
        }
    }
}

impl From<Result<FindAddressResponse, ApiError>> for FlatAnswer {
    fn from(outcome: Result<FindAddressResponse, ApiError>) -> Self {
        match outcome {
            Ok(r) => r.into(),
            Err(e) => e.into(),
        }
    }
}
