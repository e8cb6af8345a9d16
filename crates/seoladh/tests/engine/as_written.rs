//! Two streets of one town that the matcher reads alike, `ST MARGARET'S ROAD` and `ST MARGARETS
//! ROAD` (the data has such pairs), each with a house 2, on a small hand-built dataset: each
//! address typed as stored (case, spacing and commas aside, the county optional) finds itself;
//! typed another way (`2 St Margarets Rd`) it could be either, and both are offered. Likewise
//! `ST. MOBHI ROAD` and `ST MOBHI ROAD`: the full stop is part of the name as written.

use seoladh::wire::WireEnum;
use seoladh::Language;

use crate::handbuilt::{answer, county, named, point_id, post_town, street_house};
use seoladh::raw::ecad::Dataset;

const DUBLIN: u64 = 1001000001;
const D24: u64 = 1100000001;
const APOSTROPHE: u64 = 1200000001;
const PLAIN: u64 = 1200000002;
const ON_APOSTROPHE: u64 = 1400000001;
const ON_PLAIN: u64 = 1400000002;
const STOPPED: u64 = 1200000003;
const UNSTOPPED: u64 = 1200000004;
const ON_STOPPED: u64 = 1400000003;
const ON_UNSTOPPED: u64 = 1400000004;

fn dataset() -> Dataset {
    let d24 = (D24, DUBLIN);
    let ds = Dataset {
        counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
        post_towns: vec![post_town(D24, "DUBLIN 24", "BAILE ÁTHA CLIATH 24", DUBLIN)],
        thoroughfares: vec![
            named(APOSTROPHE, "ST MARGARET'S ROAD", None, 3100),
            named(PLAIN, "ST MARGARETS ROAD", None, 3100),
            named(STOPPED, "ST. MOBHI ROAD", None, 3100),
            named(UNSTOPPED, "ST MOBHI ROAD", None, 3100),
        ],
        buildings: vec![
            street_house(ON_APOSTROPHE, 2, APOSTROPHE, None, d24),
            street_house(ON_PLAIN, 2, PLAIN, None, d24),
            street_house(ON_STOPPED, 17, STOPPED, None, d24),
            street_house(ON_UNSTOPPED, 17, UNSTOPPED, None, d24),
        ],
        ..Dataset::default()
    };
    crate::handbuilt::assemble(ds, "D24")
}

#[test]
fn each_address_typed_as_stored_finds_itself() {
    let engine = crate::handbuilt::engine(&dataset());
    for (text, building) in [
        ("2 ST MARGARET'S ROAD, DUBLIN 24", ON_APOSTROPHE),
        ("2 St Margaret's Road Dublin 24", ON_APOSTROPHE),
        ("2 ST MARGARETS ROAD, DUBLIN 24", ON_PLAIN),
        ("2 st margarets road, dublin 24", ON_PLAIN),
        ("17 ST. MOBHI ROAD, DUBLIN 24", ON_STOPPED),
        ("17 St Mobhi Road, Dublin 24", ON_UNSTOPPED),
    ] {
        let r = answer(&engine, text, Language::English);
        assert_eq!(
            (r.result.code(), r.address_id),
            (100, Some(point_id(building))),
            "{text}: {:?}",
            r.postal_address
        );
    }
    for text in ["2 St Margarets Rd, Dublin 24", "17 St Mobhi Rd, Dublin 24"] {
        let r = answer(&engine, text, Language::English);
        assert_eq!(r.result.code(), 500, "{text}: {:?}", r.postal_address);
        assert_eq!(r.options.len(), 2, "{text}");
    }
}
