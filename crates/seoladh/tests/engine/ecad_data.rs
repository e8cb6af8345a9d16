//! Get ECAD Data over the bundled fixture dataset (`fixtures/data/`), through the same call the
//! server and the CLI make (`api::answer`): every entity level, both administrative releases,
//! Irish lines, history (docs/wire.md §7) and unknown ids.

use std::collections::HashMap;

use seoladh::api::{self, Operation};
use seoladh::ecad::HistoryStatus;
use serde_json::Value;

use fixture::{dataset, engine};
use seoladh_testkit::fixture;

fn get(query: &str) -> Value {
    let a = api::answer(engine(), Operation::GetEcadData, query, "http://h").expect("answers");
    serde_json::from_slice(&a.json).expect("json")
}

fn ecad(id: u64) -> Value {
    get(&format!("key=k&ecadId={id}"))
}

fn lines(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not lines: {v}"))
        .iter()
        .map(|l| l.as_str().expect("line").to_string())
        .collect()
}

fn is_wire_date(v: &Value) -> bool {
    let s = v.as_str().unwrap_or("");
    s.len() == 24 && s.ends_with('Z') && &s[10..11] == "T" && &s[19..20] == "."
}

#[test]
fn every_address_point_has_its_stored_lines_and_building_data() {
    let ds = dataset();
    let postal: HashMap<u64, _> = ds.postal_addresses.iter().map(|r| (r.ecad_id, r)).collect();
    let geo: HashMap<u64, _> = ds
        .geographic_addresses
        .iter()
        .map(|r| (r.ecad_id, r))
        .collect();
    let mut irish_with_fadas = 0;
    for ap in &ds.address_points {
        let v = ecad(ap.id);
        assert_eq!(v["result"]["code"], 100, "{}", ap.id);
        assert_eq!(v["ecadIdStatus"]["text"], "Current");
        assert_eq!(v["ecadId"], ap.id);
        assert_eq!(v["addressTypeId"], ap.address_type);
        assert_eq!(v["eircodeInfo"]["ecadId"], ap.id);
        assert_eq!(v["eircodeInfo"]["eircode"].as_str(), ap.eircode.as_deref());
        let p = postal[&ap.id];
        assert_eq!(
            lines(&v["postalAddress"]["english"]),
            p.english,
            "{}",
            ap.id
        );
        assert_eq!(lines(&v["postalAddress"]["irish"]), p.irish, "{}", ap.id);
        let g = geo[&ap.id];
        assert_eq!(lines(&v["geographicAddress"]["english"]), g.english);
        assert_eq!(lines(&v["geographicAddress"]["irish"]), g.irish);
        assert_eq!(
            v["administrativeInfo"]["ecadId"], ap.building_id,
            "§7: the building's id"
        );
        assert_eq!(v["buildingInfo"]["ecadId"], ap.building_id);
        assert_eq!(v["relatedEcadIds"]["addressPointEcadId"], ap.id);
        assert_eq!(v["relatedEcadIds"]["buildingEcadId"], ap.building_id);
        assert!(
            v["spatialInfo"]["itm"].get("boundingBox").is_none(),
            "a point has no box"
        );
        assert!(is_wire_date(&v["dateInfo"]["created"]), "{}", v["dateInfo"]);
        if p.irish
            .iter()
            .any(|l| l.chars().any(|c| "ÁÉÍÓÚ".contains(c)))
        {
            irish_with_fadas += 1;
        }
    }
    assert!(
        irish_with_fadas > 100,
        "only {irish_with_fadas} Irish addresses with fadas"
    );
}

#[test]
fn related_ids_follow_the_building_links() {
    let ds = dataset();
    let buildings: HashMap<u64, _> = ds.buildings.iter().map(|b| (b.id, b)).collect();
    for ap in ds.address_points.iter().step_by(37) {
        let b = buildings[&ap.building_id];
        let r = &ecad(ap.id)["relatedEcadIds"];
        assert_eq!(r["buildingGroupEcadId"].as_u64(), b.building_group_id);
        let ids = |v: &Value| -> Vec<u64> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect()
        };
        let want: Vec<u64> = [b.primary_thoroughfare_id, b.secondary_thoroughfare_id]
            .into_iter()
            .flatten()
            .collect();
        let mut want_dedup = want.clone();
        want_dedup.dedup();
        assert_eq!(ids(&r["thoroughfareEcadIds"]), want_dedup, "{}", ap.id);
        assert_eq!(ids(&r["postTownEcadIds"]), vec![b.post_town_id]);
        assert_eq!(ids(&r["postCountyEcadIds"]), vec![b.post_county_id]);
        assert_eq!(ids(&r["geographicCountyEcadIds"]), vec![b.county_id]);
    }
}

#[test]
fn administrative_info_follows_the_requested_release() {
    let ds = dataset();
    let admin: HashMap<u64, _> = ds
        .administrative_info
        .iter()
        .map(|a| (a.ecad_id, a))
        .collect();
    let mut differing = 0;
    for ap in ds.address_points.iter().step_by(101) {
        let a = admin[&ap.building_id];
        let v15 = get(&format!("key=k&ecadId={}", ap.id));
        let v17 = get(&format!("key=k&ecadid={}&administrativeInfo=2017", ap.id));
        let (i15, i17) = (&v15["administrativeInfo"], &v17["administrativeInfo"]);
        assert_eq!(i15["release"], "2015", "2015 is the default");
        assert_eq!(i17["release"], "2017");
        assert_eq!(i15["smallAreaId"], a.small_area_2015_id);
        assert_eq!(i15["dedId"], a.ded_2015_id);
        assert_eq!(i15["laId"], a.la_2015_id);
        assert_eq!(i17["smallAreaId"], a.small_area_id);
        assert_eq!(i17["dedId"], a.ded_id);
        assert_eq!(i17["townlandId"], a.townland_id);
        assert_eq!(i17["countyId"], a.county_id);
        assert_eq!(i17["gaeltacht"], a.gaeltacht);
        if i15 != i17 {
            differing += 1;
        }
    }
    assert!(
        differing > 0,
        "the releases never differ: the test proves nothing"
    );
}

#[test]
fn a_building_has_no_eircode_and_its_own_info() {
    let ds = dataset();
    let postal: HashMap<u64, _> = ds.postal_addresses.iter().map(|r| (r.ecad_id, r)).collect();
    let orgs: std::collections::HashSet<u64> = ds
        .organisations
        .iter()
        .map(|o| o.address_point_id)
        .collect();
    let mut per_building: HashMap<u64, Vec<&seoladh::ecad::AddressPoint>> = HashMap::new();
    for ap in &ds.address_points {
        per_building.entry(ap.building_id).or_default().push(ap);
    }
    let mut checked = 0;
    for b in ds.buildings.iter().step_by(13) {
        let v = ecad(b.id);
        assert_eq!(v["result"]["code"], 100);
        assert_eq!(v["addressTypeId"], b.address_type);
        assert!(
            v["eircodeInfo"].is_null(),
            "a building is not an address point"
        );
        assert_eq!(v["buildingInfo"]["ecadId"], b.id);
        assert_eq!(v["administrativeInfo"]["ecadId"], b.id);
        assert_eq!(v["spatialInfo"]["ecadId"], b.id);
        assert!(v["organisationInfo"].is_null());
        let aps = &per_building[&b.id];
        if let [ap] = aps.as_slice() {
            assert_eq!(v["relatedEcadIds"]["addressPointEcadId"], ap.id);
            if ap.sub_building_name.is_none() && !orgs.contains(&ap.id) {
                let mut want = postal[&ap.id].english.clone();
                if ap.eircode.is_some() {
                    want.pop();
                }
                assert_eq!(lines(&v["postalAddress"]["english"]), want, "{}", b.id);
                checked += 1;
            }
        } else {
            assert!(v["relatedEcadIds"]["addressPointEcadId"].is_null());
        }
    }
    assert!(
        checked > 50,
        "only {checked} single-point buildings compared"
    );
}

#[test]
fn elements_answer_at_their_own_level() {
    let ds = dataset();
    let used: std::collections::HashSet<u64> = ds
        .buildings
        .iter()
        .flat_map(|b| [b.primary_thoroughfare_id, b.secondary_thoroughfare_id])
        .flatten()
        .collect();
    let mut unused = 0;
    for t in ds.thoroughfares.iter() {
        let v = ecad(t.id);
        assert_eq!(v["result"]["code"], 100, "{}", t.id);
        assert_eq!(v["addressTypeId"], t.address_type);
        assert!(v["eircodeInfo"].is_null(), "§7: null for a thoroughfare");
        assert!(v["administrativeInfo"].is_null() && v["buildingInfo"].is_null());
        let english = lines(&v["postalAddress"]["english"]);
        assert!(
            english.iter().any(|l| l == &t.name),
            "{english:?} lacks {}",
            t.name
        );
        assert!(!english
            .iter()
            .any(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit())));
        assert_eq!(v["relatedEcadIds"]["thoroughfareEcadIds"][0], t.id);
        let s = &v["spatialInfo"];
        if !used.contains(&t.id) {
            // A street no building is on yet: valid, its own name, no position.
            assert_eq!(english, vec![t.name.clone()]);
            assert!(s.is_null());
            unused += 1;
            continue;
        }
        assert_eq!(s["ecadId"], t.id);
        for system in ["ing", "itm", "etrs89"] {
            assert!(s[system]["location"].is_object(), "{system}");
            assert!(
                s[system]["boundingBox"]["min"].is_object(),
                "§7: a street has a box"
            );
        }
        let min = &s["etrs89"]["boundingBox"]["min"];
        let max = &s["etrs89"]["boundingBox"]["max"];
        assert!(min["latitude"].as_f64() <= max["latitude"].as_f64());
        assert_eq!(v["relatedEcadIds"]["thoroughfareEcadIds"][0], t.id);
        assert!(v["relatedEcadIds"]["buildingEcadId"].is_null());
    }
    assert!(
        unused > 0,
        "the fixture has no unused street: that case is untested"
    );
    for l in ds.localities.iter().step_by(5) {
        let v = ecad(l.id);
        assert_eq!(v["result"]["code"], 100, "{}", l.id);
        assert_eq!(v["addressTypeId"], l.address_type);
        assert_eq!(v["relatedEcadIds"]["localityEcadIds"][0], l.id);
        assert!(v["relatedEcadIds"]["thoroughfareEcadIds"]
            .as_array()
            .unwrap()
            .is_empty());
        let english = lines(&v["postalAddress"]["english"]);
        assert!(
            english.contains(&l.name) || english.len() <= 2,
            "{english:?} / {}",
            l.name
        );
    }
    for g in ds.building_groups.iter().step_by(5) {
        let v = ecad(g.id);
        assert_eq!(v["result"]["code"], 100, "{}", g.id);
        assert_eq!(v["relatedEcadIds"]["buildingGroupEcadId"], g.id);
        let english = lines(&v["postalAddress"]["english"]);
        assert_eq!(english[0], g.name, "a group's address starts with it");
    }
    for t in &ds.post_towns {
        let v = ecad(t.id);
        assert_eq!(v["result"]["code"], 100, "{}", t.id);
        assert_eq!(lines(&v["postalAddress"]["english"])[0], t.name);
        assert_eq!(v["relatedEcadIds"]["postTownEcadIds"][0], t.id);
        assert_eq!(v["relatedEcadIds"]["postCountyEcadIds"][0], t.county_id);
    }
    for c in &ds.counties {
        let v = ecad(c.id);
        assert_eq!(v["result"]["code"], 100, "{}", c.id);
        assert_eq!(v["addressTypeId"], c.address_type);
        assert_eq!(
            lines(&v["postalAddress"]["english"]),
            vec![format!("CO. {}", c.name)]
        );
        if let Some(ga) = &c.name_irish {
            assert_eq!(
                lines(&v["postalAddress"]["irish"]),
                vec![format!("CO. {ga}")]
            );
        }
        assert_eq!(
            v["relatedEcadIds"]["geographicCountyEcadIds"],
            serde_json::json!([c.id])
        );
    }
}

#[test]
fn an_organisation_shows_itself_in_its_address_point_lines() {
    let ds = dataset();
    assert!(!ds.organisations.is_empty());
    for o in ds.organisations.iter().step_by(3) {
        let v = ecad(o.id);
        assert_eq!(v["result"]["code"], 100, "{}", o.id);
        assert_eq!(v["organisationInfo"]["ecadId"], o.id);
        assert!(v["organisationInfo"]["vacant"].is_boolean());
        assert!(
            v["eircodeInfo"].is_null(),
            "an organisation is not an address point"
        );
        assert_eq!(
            v["relatedEcadIds"]["addressPointEcadId"],
            o.address_point_id
        );
        assert_eq!(
            lines(&v["postalAddress"]["english"])[usize::from(o.department.is_some())],
            o.name
        );
    }
    // An address point with an organisation reports it.
    let o = &ds.organisations[0];
    let v = ecad(o.address_point_id);
    assert!(v["organisationInfo"]["ecadId"].is_u64());
}

#[test]
fn history_follows_wire_compat_section_7() {
    let ds = dataset();
    let changed = ds
        .history
        .iter()
        .find(|h| h.status == HistoryStatus::Changed)
        .expect("a changed id");
    let new_id = changed.new_ecad_id.expect("successor");
    let v = get(&format!("key=k&ecadId={}&history=false", changed.ecad_id));
    assert_eq!(v["result"]["code"], 100);
    assert_eq!(v["ecadIdStatus"]["code"], 110);
    assert_eq!(v["ecadIdStatus"]["text"], "Changed");
    assert_eq!(v["ecadId"], changed.ecad_id, "the id asked about is echoed");
    assert_eq!(
        v["eircodeInfo"]["ecadId"], new_id,
        "the data is the new id's"
    );
    assert_eq!(
        v["eircodeInfo"]["eircode"].as_str(),
        changed.new_eircode.as_deref()
    );
    assert_eq!(
        v["postalAddress"],
        ecad(new_id)["postalAddress"],
        "changed id answers with its successor's lines"
    );
    let v = get(&format!("key=k&ecadId={}&history=true", changed.ecad_id));
    assert_eq!(v["result"]["code"], 200);
    assert_eq!(v["result"]["text"], "EcadIdInvalid");
    assert_eq!(v["ecadIdStatus"]["text"], "Retired");
    assert_eq!(
        v["eircodeInfo"]["eircode"].as_str(),
        changed.eircode.as_deref()
    );
    assert!(v["postalAddress"].is_null());

    let retired = ds
        .history
        .iter()
        .find(|h| h.status == HistoryStatus::Retired)
        .expect("a retired id");
    for (history, code) in [("false", 100), ("true", 200)] {
        let v = get(&format!(
            "key=k&ecadId={}&history={history}",
            retired.ecad_id
        ));
        assert_eq!(v["result"]["code"], code, "history={history}");
        assert_eq!(v["ecadIdStatus"]["code"], 120);
        assert_eq!(
            v["eircodeInfo"]["eircode"].as_str(),
            retired.eircode.as_deref()
        );
        assert!(is_wire_date(&v["dateInfo"]["modified"]));
        assert!(v["postalAddress"].is_null() && v["spatialInfo"].is_null());
    }
    // A current id is Current whatever `history` says.
    let ap = &ds.address_points[0];
    let v = get(&format!("key=k&ecadId={}&history=True", ap.id));
    assert_eq!(
        (
            v["result"]["code"].clone(),
            v["ecadIdStatus"]["code"].clone()
        ),
        (100.into(), 100.into())
    );
}

#[test]
fn unknown_ids_are_invalid_with_everything_null() {
    for id in [1, 1_799_999_999u64, 9_999_999_999] {
        let v = ecad(id);
        assert_eq!(v["result"]["code"], 200);
        assert_eq!(v["result"]["text"], "EcadIdInvalid");
        assert_eq!(v["ecadIdStatus"]["text"], "Invalid");
        assert_eq!(v["ecadId"], id);
        for field in [
            "dateInfo",
            "postalAddress",
            "eircodeInfo",
            "spatialInfo",
            "relatedEcadIds",
            "addressTypeId",
        ] {
            assert!(v[field].is_null(), "{field}");
        }
        assert_eq!(v["links"][0]["rel"], "self");
        assert!(v["input"]["txn"].is_string());
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Any id, any flags: an answer, valid or invalid, never a panic or an error.
    #[test]
    fn any_id_is_answered(id in 0u64..20_000_000_000, history: bool, r2017: bool) {
        let q = format!(
            "key=k&ecadId={id}&history={history}&administrativeInfo={}",
            if r2017 { 2017 } else { 2015 }
        );
        let v = get(&q);
        let code = v["result"]["code"].as_u64().unwrap_or(0);
        proptest::prop_assert!(code == 100 || code == 200, "{}", v);
        if v["ecadIdStatus"]["text"] == "Invalid" {
            proptest::prop_assert_eq!(code, 200);
            proptest::prop_assert!(v["dateInfo"].is_null() && v["postalAddress"].is_null());
        }
        proptest::prop_assert_eq!(&v["ecadId"], &serde_json::json!(id));
    }
}
