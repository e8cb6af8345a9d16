//! A test-only engine with canned answers, and a loader that reads its "index" file.
//!
//! The index file holds `generation N`; FindAddress reports N in `vanityAddress` (and the
//! health counts carry it), so hot-reload tests can see which engine answered. Special addresses:
//! `slow` (and `slow-NAME`) sleeps 400 ms, `boom` fails with 500000, `panic` panics, `nomatch` is
//! 550. [`started`] tells a test that its `slow-NAME` request reached the engine.

use seoladh::wire::*;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The `slow-NAME` addresses the engine has begun to answer.
static STARTED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Whether a Find Address request for `address` (`slow-NAME`) has reached the engine: it is in
/// flight, past the connection's reading of the request.
pub fn started(address: &str) -> bool {
    STARTED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|a| a == address)
}

pub const KNOWN_ID: u64 = 1_701_823_929;

pub struct FakeEngine {
    pub generation: u64,
}

impl FakeEngine {
    fn options(&self, carry: &QueryOptions, ctx: &LinkContext) -> Vec<AddressOption> {
        [
            (
                KNOWN_ID,
                "8 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH",
                "A86VC04",
            ),
            (
                1_701_823_930,
                "9 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH",
                "A86VC05",
            ),
            (
                1_701_823_931,
                "10 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH",
                "A86VC06",
            ),
        ]
        .into_iter()
        .map(|(id, name, postcode)| AddressOption {
            option_type: Some(OptionType::Standard),
            display_name: name.to_owned(),
            postcode: Some(postcode.to_owned()),
            address_id: Some(id),
            address_type: Some(AddressType::ResidentialAddressPoint),
            links: vec![ctx.next_link_for_option(carry, name, Some(id))],
        })
        .collect()
    }
}

impl Engine for FakeEngine {
    fn find_address(
        &self,
        req: &FindAddressRequest,
        ctx: &LinkContext,
    ) -> Result<FindAddressResponse, ApiError> {
        match req.address.as_str() {
            "slow" => std::thread::sleep(Duration::from_millis(400)),
            a if a.starts_with("slow-") => {
                STARTED
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(a.to_owned());
                std::thread::sleep(Duration::from_millis(400));
            }
            "panic" => panic!("the fake engine panics on purpose"),
            "boom" => {
                return Err(ApiError::new(
                    ErrorCode::InternalServerError,
                    "the fake engine failed on purpose",
                ))
            }
            "nomatch" => {
                return Ok(FindAddressResponse::new(
                    FindResult::NoAddressMatch,
                    req,
                    ctx,
                ))
            }
            _ => {}
        }
        if req.address_id.is_none()
            && req.address.to_ascii_lowercase().contains("silver birches")
            && !req.address.starts_with('8')
        {
            // A street without a number: incomplete, options below it.
            let mut r = FindAddressResponse::new(FindResult::IncompleteAddressEntered, req, ctx);
            r.address_id = Some(1_200_000_017);
            r.address_type = Some(AddressType::ResidentialEstate);
            r.match_level = Some(MatchLevel::BuildingGroup);
            let opts = self.options(&req.options, ctx);
            let (total, options) = apply_limit(opts.len(), req.options.limit, opts);
            r.total_options = total;
            r.options = options;
            return Ok(r);
        }
        let mut r = FindAddressResponse::new(FindResult::PostcodeAppended, req, ctx);
        r.is_unique_address = true;
        r.postcode = Some("A86VC04".into());
        r.address_id = Some(req.address_id.unwrap_or(KNOWN_ID));
        r.address_type = Some(AddressType::ResidentialAddressPoint);
        r.match_level = Some(MatchLevel::AddressPoint);
        r.postal_address = Some(match req.options.language {
            Language::English => vec![
                "8 SILVER BIRCHES".into(),
                "MILLFARM".into(),
                "DUNBOYNE".into(),
                "CO. MEATH".into(),
                "A86 VC04".into(),
            ],
            Language::Irish => vec![
                "8 SILVER BIRCHES".into(),
                "MILLFARM".into(),
                "DÚN BÚINNE".into(),
                "CO. NA MÍ".into(),
                "A86 VC04".into(),
            ],
        });
        if req.options.address_elements {
            r.postal_address_elements = Some(vec![
                AddressElement {
                    value: "8".into(),
                    element_type: ElementType::BuildingNumber,
                    address_id: Some(1_400_000_008),
                },
                AddressElement {
                    value: "A86 VC04".into(),
                    element_type: ElementType::Eircode,
                    address_id: None,
                },
            ]);
        }
        r.vanity_address = Some(vec![format!("generation {}", self.generation)]);
        r.clean_result = Some(CleanResult {
            is_spelling_changed: false,
            is_format_changed: true,
            is_altered: false,
        });
        Ok(r)
    }

    fn get_ecad_data(
        &self,
        req: &GetEcadDataRequest,
        ctx: &LinkContext,
    ) -> Result<GetEcadDataResponse, ApiError> {
        if req.ecad_id != KNOWN_ID {
            return Ok(GetEcadDataResponse::new(
                EcadDataResult::EcadIdInvalid,
                EcadIdStatus::Invalid,
                req,
                ctx,
            ));
        }
        let mut r =
            GetEcadDataResponse::new(EcadDataResult::EcadIdValid, EcadIdStatus::Current, req, ctx);
        r.address_type_id = Some(2150);
        r.eircode_info = Some(EircodeInfo {
            ecad_id: KNOWN_ID,
            eircode: Some("A86VC04".into()),
        });
        r.postal_address = Some(BilingualAddress {
            english: vec![
                "8 SILVER BIRCHES".into(),
                "MILLFARM".into(),
                "DUNBOYNE".into(),
                "CO. MEATH".into(),
                "A86 VC04".into(),
            ],
            irish: vec![
                "8 SILVER BIRCHES".into(),
                "MILLFARM".into(),
                "DÚN BÚINNE".into(),
                "CO. NA MÍ".into(),
                "A86 VC04".into(),
            ],
        });
        r.administrative_info = Some(AdministrativeInfo {
            ecad_id: 1_400_000_008,
            release: req.administrative_info.as_str().into(),
            la_id: Some(17),
            ded_id: Some(167_011),
            small_area_id: Some(167_011_001),
            townland_id: Some(50_123),
            county_id: Some(1_001_000_017),
            gaeltacht: Some(false),
        });
        r.building_info = Some(BuildingInfo {
            ecad_id: 1_400_000_008,
            building_type_id: Some(2),
            holiday_home: Some(false),
            under_construction: Some(false),
            building_use: Some("R".into()),
            vacant: Some(false),
        });
        r.spatial_info = Some(SpatialInfo {
            ecad_id: KNOWN_ID,
            ing: Some(Position {
                location: GridLocation {
                    easting: 301_234.5,
                    northing: 241_234.25,
                },
                bounding_box: None,
            }),
            itm: Some(Position {
                location: GridLocation {
                    easting: 701_200.5,
                    northing: 741_260.75,
                },
                bounding_box: None,
            }),
            etrs89: Some(Position {
                location: GeoLocation {
                    longitude: -6.472_41,
                    latitude: 53.421_87,
                },
                bounding_box: None,
            }),
            spatial_accuracy: Some("3".into()),
        });
        r.related_ecad_ids = Some(RelatedEcadIds {
            address_point_ecad_id: Some(KNOWN_ID),
            building_ecad_id: Some(1_400_000_008),
            building_group_ecad_id: Some(1_300_000_004),
            thoroughfare_ecad_ids: vec![],
            locality_ecad_ids: vec![1_110_000_321],
            post_town_ecad_ids: vec![1_100_000_051],
            post_county_ecad_ids: vec![1_001_000_017],
            geographic_county_ecad_ids: vec![1_001_000_017],
        });
        r.date_info = Some(DateInfo {
            created: date::normalise_date("2015-07-13"),
            modified: date::normalise_date("2019-03-01 10:20:30.5"),
        });
        Ok(r)
    }

    fn autocomplete(
        &self,
        req: &AutocompleteRequest,
        ctx: &LinkContext,
    ) -> Result<AutocompleteResponse, ApiError> {
        if req.address.trim().len() < 2 {
            return Ok(AutocompleteResponse::new(Vec::new(), req, ctx));
        }
        let mut options = self.options(&req.options, ctx);
        for o in &mut options {
            o.option_type = None;
            o.postcode = None;
        }
        Ok(AutocompleteResponse::new(options, req, ctx))
    }

    fn profile_names(&self) -> Vec<String> {
        vec!["Label4".into(), "FiveLine30".into()]
    }

    fn counts(&self) -> BTreeMap<String, u64> {
        BTreeMap::from([
            ("addressPoints".to_owned(), 3),
            ("generation".to_owned(), self.generation),
        ])
    }
}

/// Reads `generation N` from the index file.
pub fn loader() -> seoladh_server::Loader {
    Arc::new(|path: &Path| {
        let text = std::fs::read_to_string(path).map_err(|source| seoladh::Error::Io {
            path: path.to_owned(),
            source,
        })?;
        let generation = text
            .trim()
            .strip_prefix("generation ")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| seoladh::Error::InvalidConfig {
                setting: path.display().to_string(),
                problem: "not a fake index (expected `generation N`)".into(),
            })?;
        Ok(Arc::new(FakeEngine { generation }) as Arc<dyn Engine>)
    })
}
