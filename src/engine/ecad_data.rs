//! Get ECAD Data.

use crate::api::{
    EcadDataResult, EcadIdStatus, GetEcadDataRequest, GetEcadDataResponse, LinkContext,
};
use crate::engine::Engine;

/// Answers GetEcadData.
pub(crate) fn get_ecad_data(
    _engine: &Engine,
    req: &GetEcadDataRequest,
    links: &LinkContext,
) -> GetEcadDataResponse {
    // Placeholder until the record assembly lands: every id reads as unknown.
    GetEcadDataResponse::new(
        EcadDataResult::EcadIdInvalid,
        EcadIdStatus::Invalid,
        req,
        links,
    )
}
