//! Generating one routing area: its town streets, estates, terraces, apartments and businesses,
//! its villages, and the houses of its townlands.
//!
//! Each area has its own ChaCha RNG seeded from (seed, routing key), so areas can be generated in
//! parallel and the result does not depend on scheduling.

use crate::content::{
    business_name, pick, DEPARTMENTS, PARK_BUSINESSES, SURNAMES, TOWN_BUSINESSES,
};
use crate::local::{
    scatter, Admin, AreaOut, EircodeAllocator, Element, LocalBuilding, LocalOrg, LocalPoint,
};
use crate::names::{abbreviated, irish_form, misspelt, reformatted, NameKind};
use crate::world::{fnv, AreaInfo, World};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod admin;
mod rural;

pub(crate) use admin::{la_id, small_area};

/// How many address points go where in one area.
#[derive(Debug, Clone, Default)]
pub(crate) struct AreaQuota {
    /// `(post town, points)`.
    pub towns: Vec<(usize, usize)>,
    /// `(village, points)`.
    pub villages: Vec<(usize, usize)>,
    /// `(townland, points)`.
    pub townlands: Vec<(usize, usize)>,
}

/// Shares of the generated population (documented in `synth/mod.rs`).
mod rate {
    pub const NO_MAIL: f64 = 0.008;
    pub const VACANT: f64 = 0.045;
    pub const UNDER_CONSTRUCTION: f64 = 0.005;
    pub const IRISH_STREET: f64 = 0.82;
    pub const IRISH_ESTATE: f64 = 0.55;
    pub const ALIAS_MISSPELLING: f64 = 0.06;
    pub const ALIAS_FORMAT: f64 = 0.15;
    pub const ALIAS_NAME: f64 = 0.03;
    pub const RURAL_NAMED: f64 = 0.15;
    pub const TOWN_BUSINESS: f64 = 0.1;
}

/// The area generator: one per routing key.
pub(crate) struct AreaGen<'a> {
    world: &'a World,
    area: &'a AreaInfo,
    irish: &'a BTreeMap<(usize, String), String>,
    rng: ChaCha8Rng,
    eircodes: EircodeAllocator,
    out: AreaOut,
    used_names: BTreeSet<String>,
    small_area_counter: u64,
    /// The locality element of each townland already used (townland index → local index).
    townland_locs: BTreeMap<usize, u32>,
}

/// The urban blocks a town is built from.
#[derive(Clone, Copy)]
enum Block {
    Street,
    Estate,
    Terrace,
    Apartments,
    BusinessPark,
}

impl<'a> AreaGen<'a> {
    pub(crate) fn new(
        world: &'a World,
        area: &'a AreaInfo,
        irish: &'a BTreeMap<(usize, String), String>,
        seed: u64,
    ) -> Self {
        let unit = seed ^ fnv(&area.key).rotate_left(17);
        AreaGen {
            world,
            area,
            irish,
            rng: ChaCha8Rng::seed_from_u64(unit),
            eircodes: EircodeAllocator::new(&area.key),
            out: AreaOut::default(),
            used_names: BTreeSet::new(),
            small_area_counter: 0,
            townland_locs: BTreeMap::new(),
        }
    }

    /// Generates the whole area.
    pub(crate) fn run(mut self, quota: &AreaQuota) -> AreaOut {
        for &(pt, n) in &quota.towns {
            if n > 0 {
                self.town(pt, n);
            }
        }
        for &(v, n) in &quota.villages {
            if n > 0 {
                self.village(v, n);
            }
        }
        for &(t, n) in &quota.townlands {
            if n > 0 {
                self.townland(t, n);
            }
        }
        let spare = (self.out.points.len() / 250).max(2);
        for _ in 0..spare {
            if let Some(e) = self.eircodes.next(&mut self.rng) {
                self.out.spare_eircodes.push(e);
            }
        }
        self.mark_non_unique();
        self.out
    }

    // ---- elements ----------------------------------------------------------------------------

    fn aliases(&mut self, name: &str, alt_name: Option<String>) -> Vec<(String, u8)> {
        let mut out = Vec::new();
        if self.rng.random_bool(rate::ALIAS_MISSPELLING) {
            let (a, b) = (self.rng.random::<f64>(), self.rng.random::<f64>());
            if let Some(m) = misspelt(name, a, b) {
                out.push((m, 1));
            }
        }
        if self.rng.random_bool(rate::ALIAS_FORMAT) {
            if let Some(f) = reformatted(name) {
                out.push((f, 3));
            }
        }
        let alt = alt_name.or_else(|| {
            self.rng.random_bool(rate::ALIAS_NAME).then(|| {
                // An older name: the same type word after a family name.
                let ty = name.rsplit(' ').next().unwrap_or("ROAD");
                format!("{} {ty}", pick(&mut self.rng, SURNAMES).replace('\'', ""))
            })
        });
        if let Some(alt) = alt.filter(|a| a != name) {
            if let Some(both) = abbreviated(&alt).filter(|_| self.rng.random_bool(0.4)) {
                out.push((both, 4));
            }
            out.push((alt, 2));
        }
        out
    }

    fn thoroughfare(&mut self, name: String, real_irish: Option<String>) -> u32 {
        let (name_ga, verification) = match real_irish {
            Some(ga) => (Some(ga), 3),
            None if self.rng.random_bool(rate::IRISH_STREET) => match irish_form(&name) {
                Some(ga) => (Some(ga), 1),
                None => (None, 0),
            },
            None => (None, 0),
        };
        let aliases = self.aliases(&name, None);
        self.out.thoroughfares.push(Element {
            name,
            name_ga,
            verification,
            address_type: 3100,
            aliases,
        });
        self.out.thoroughfares.len() as u32 - 1
    }

    fn group(&mut self, name: String, address_type: u16) -> u32 {
        let (name_ga, verification) = match irish_form(&name) {
            Some(ga) if self.rng.random_bool(rate::IRISH_ESTATE) => (Some(ga), 1),
            _ => (None, 0),
        };
        let aliases = self.aliases(&name, None);
        self.out.groups.push(Element {
            name,
            name_ga,
            verification,
            address_type,
            aliases,
        });
        self.out.groups.len() as u32 - 1
    }

    fn locality(
        &mut self,
        name: String,
        county: usize,
        address_type: u16,
        alt: Option<String>,
    ) -> u32 {
        let ga = self
            .irish
            .get(&(county, crate::world::join_key(&name)))
            .cloned();
        // A name that is itself Irish (HSE lists Gaeltacht villages by their Irish name).
        let ga = ga.or_else(|| {
            let irish = name.chars().any(|c| "ÁÉÍÓÚ".contains(c))
                || self
                    .world
                    .irish_names
                    .contains(&crate::world::join_key(&name));
            irish.then(|| name.clone())
        });
        let mut verification = if ga.is_some() { 4 } else { 0 };
        let ga = ga.or_else(|| {
            let borrowed = self
                .world
                .national_irish
                .get(&crate::world::join_key(&name))
                .cloned();
            if borrowed.is_some() {
                verification = 2;
            }
            borrowed
        });
        let aliases = self.aliases(&name, alt);
        self.out.localities.push(Element {
            name,
            name_ga: ga,
            verification,
            address_type,
            aliases,
        });
        self.out.localities.len() as u32 - 1
    }

    /// A real name of `kind` for this area: the key's own names first, then the county's, then
    /// the country's; a townland name + type word when all are used up.
    fn pick_name(&mut self, kind: NameKind, county: usize, fallback_type: &str) -> String {
        let world = self.world;
        let county_title = title(&world.counties[county].name);
        let pools = [
            world.names.by_key.get(&self.area.key).map(|p| p.get(kind)),
            world
                .names
                .by_county
                .get(&county_title)
                .map(|p| p.get(kind)),
            Some(world.names.national.get(kind)),
        ];
        for pool in pools.into_iter().flatten() {
            if pool.is_empty() {
                continue;
            }
            for _ in 0..6 {
                let n = pick(&mut self.rng, pool);
                if self.used_names.insert(n.clone()) {
                    return n.clone();
                }
            }
        }
        for _ in 0..20 {
            let base = if self.area.townlands.is_empty() {
                pick(&mut self.rng, SURNAMES).replace('\'', "")
            } else {
                let t = *pick(&mut self.rng, &self.area.townlands);
                world.townlands[t].name.clone()
            };
            let n = format!("{base} {fallback_type}");
            if self.used_names.insert(n.clone()) {
                return n;
            }
        }
        let n = format!(
            "{} {fallback_type}",
            pick(&mut self.rng, SURNAMES).replace('\'', "")
        );
        self.used_names.insert(n.clone());
        n
    }

    // ---- buildings and points ----------------------------------------------------------------

    fn admin_near(&mut self, county: usize, la: u64, gaeltacht: bool) -> Admin {
        let world = self.world;
        let candidates: Vec<usize> = self
            .area
            .townlands
            .iter()
            .copied()
            .filter(|&t| world.townlands[t].county == county)
            .collect();
        let (townland, ded) = if candidates.is_empty() {
            (
                fnv(&self.area.key) % 10_000_000,
                fnv(&self.area.key) % 100_000,
            )
        } else {
            let t = &world.townlands[*pick(&mut self.rng, &candidates)];
            (t.townland_id, t.ded_id)
        };
        self.small_area_counter += 1;
        Admin {
            la,
            ded,
            small_area: small_area(county, ded, self.small_area_counter / 40),
            townland,
            gaeltacht,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn building(
        &mut self,
        post_town: usize,
        county: usize,
        admin: Admin,
        pos: (f64, f64),
        residential: bool,
        rural: bool,
    ) -> LocalBuilding {
        let world = self.world;
        let created = self.rng.random_range(0..3900);
        let modified = created + self.rng.random_range(0..(3960 - created).max(1));
        let holiday_rate = match (rural, world.counties[county].coastal) {
            (true, true) => 0.07,
            (true, false) => 0.015,
            _ => 0.004,
        };
        let building_type = if !residential {
            0
        } else if rural {
            *pick(&mut self.rng, &[1u16, 1, 1, 7, 7, 2, 8])
        } else {
            *pick(&mut self.rng, &[1u16, 2, 2, 2, 3, 3, 3, 6])
        };
        LocalBuilding {
            name: None,
            number: None,
            address_type: if residential { 2200 } else { 2220 },
            group: None,
            thoroughfare: None,
            secondary_thoroughfare: None,
            locality: None,
            secondary_locality: None,
            post_town: post_town as u32,
            post_county: world.post_towns[post_town].county as u32,
            county: county as u32,
            admin,
            building_type,
            building_use: if residential { b'R' } else { b'C' },
            holiday: residential && self.rng.random_bool(holiday_rate),
            vacant: self.rng.random_bool(rate::VACANT),
            under_construction: self.rng.random_bool(rate::UNDER_CONSTRUCTION),
            created,
            modified,
            lat: pos.0,
            lon: pos.1,
        }
    }

    fn push_building(&mut self, mut b: LocalBuilding) -> u32 {
        if b.under_construction {
            b.building_use = b'U';
            b.vacant = true;
        }
        self.out.buildings.push(b);
        self.out.buildings.len() as u32 - 1
    }

    fn point(&mut self, building: u32, address_type: u16, sub: Option<(String, String)>) -> u32 {
        let b = &self.out.buildings[building as usize];
        let mail = !b.under_construction && !self.rng.random_bool(rate::NO_MAIL);
        let eircode = if mail {
            self.eircodes.next(&mut self.rng)
        } else {
            None
        };
        let (sub, sub_ga) = match sub {
            Some((en, ga)) => (Some(en), Some(ga)),
            None => (None, None),
        };
        self.out.points.push(LocalPoint {
            building,
            address_type,
            eircode,
            sub,
            sub_ga,
            nua: false,
            mail,
        });
        self.out.points.len() as u32 - 1
    }

    fn org(
        &mut self,
        point: u32,
        name: String,
        name_ga: Option<String>,
        kind: (&'static str, &'static str),
    ) {
        let department = self
            .rng
            .random_bool(0.12)
            .then(|| pick(&mut self.rng, DEPARTMENTS))
            .map(|(en, ga)| (en.to_string(), ga.to_uppercase()));
        let created = self.rng.random_range(0..3900);
        let vacant = self.rng.random_bool(0.03);
        self.out.orgs.push(LocalOrg {
            point,
            name,
            name_ga,
            department,
            nace_code: kind.0,
            nace_category: kind.1,
            vacant,
            created,
        });
    }

    fn number(&mut self, n: u32) -> String {
        let r = self.rng.random::<f64>();
        if r < 0.02 {
            format!("{n}A")
        } else if r < 0.025 {
            format!("{n}/{}", n + 1)
        } else if r < 0.027 {
            format!("{n}-{}", n + 3)
        } else {
            n.to_string()
        }
    }

    // ---- towns ---------------------------------------------------------------------------------

    fn town(&mut self, pt: usize, n: usize) {
        let world = self.world;
        let town = &world.post_towns[pt];
        let county = town.county;
        let bbox = world.counties[county].bbox;
        let la = la_id(county, &self.area.key);
        let town_sd = 0.25 + (n as f64).sqrt() / 110.0;
        // Suburbs for big towns and Dublin districts.
        let mut suburbs: Vec<u32> = Vec::new();
        let wanted = (n / 2500).min(12);
        for _ in 0..wanted {
            // Prefer suburbs whose Irish name is known (logainm): most real suburbs have one.
            let mut name = self.pick_name(NameKind::Locality, county, "CROSS");
            for _ in 0..4 {
                if self
                    .irish
                    .contains_key(&(county, crate::world::join_key(&name)))
                {
                    break;
                }
                name = self.pick_name(NameKind::Locality, county, "CROSS");
            }
            if world.post_towns.iter().any(|p| p.name == name) {
                continue;
            }
            let l = self.locality(name, county, 3350, None);
            suburbs.push(l);
        }
        // The townlands the town is built on: the area's townlands of the town's county nearest
        // its centre. Estates and some streets take one as their locality (`MILLFARM`).
        let mut near: Vec<(f64, usize)> = self
            .area
            .townlands
            .iter()
            .map(|&t| &world.townlands[t])
            .zip(self.area.townlands.iter().copied())
            .filter(|(tl, _)| tl.county == county)
            .map(|(tl, t)| {
                let d = (tl.lat - town.centre.0).powi(2) + (tl.lon - town.centre.1).powi(2);
                (d, t)
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.truncate((n / 300).clamp(3, 120));
        let near: Vec<usize> = near.into_iter().map(|(_, t)| t).collect();
        // What businesses call the place: the town, or in Dublin the district's first townland
        // (`BLANCHARDSTOWN BUSINESS PARK`, not `DUBLIN 15 BUSINESS PARK`).
        let short_name = match (town.name.starts_with("DUBLIN "), near.first()) {
            (true, Some(&t)) => world.townlands[t].name.clone(),
            (true, None) => "DUBLIN".to_string(),
            _ => town.name.clone(),
        };
        let mut streets: Vec<(u32, u32, (f64, f64))> = Vec::new(); // (id, next number, centre)
        let mut osm_streets: Vec<(String, Option<String>)> =
            if matches!(self.area.key.as_str(), "D01" | "D02" | "D07" | "D08") {
                world
                    .dublin_streets
                    .iter()
                    .filter(|(s, _)| (fnv(s) % 4) as usize == dublin_slot(&self.area.key))
                    .cloned()
                    .collect()
            } else {
                Vec::new()
            };
        osm_streets.reverse();
        let mut remaining = n;
        while remaining > 0 {
            let block = if n < 60 {
                if self.rng.random_bool(0.6) {
                    Block::Street
                } else {
                    Block::Estate
                }
            } else {
                let r = self.rng.random::<f64>();
                if r < 0.40 {
                    Block::Street
                } else if r < 0.74 {
                    Block::Estate
                } else if r < 0.82 {
                    Block::Terrace
                } else if r < 0.97 {
                    Block::Apartments
                } else {
                    Block::BusinessPark
                }
            };
            let centre = scatter(&mut self.rng, town.centre, town_sd, bbox);
            let suburb = if !suburbs.is_empty() && self.rng.random_bool(0.6) {
                Some(*pick(&mut self.rng, &suburbs))
            } else if !near.is_empty() && self.rng.random_bool(0.92) {
                let t = *pick(&mut self.rng, &near);
                Some(self.townland_locality(t))
            } else {
                None
            };
            let admin = self.admin_near(county, la, false);
            let used = match block {
                Block::Street => {
                    let new_street = streets.is_empty()
                        || (streets.len() < 4 + n / 15 && self.rng.random_bool(0.85));
                    let si = if new_street {
                        let (name, ga) = match osm_streets.pop() {
                            Some(s) => s,
                            None if streets.is_empty() && !town.name.starts_with("DUBLIN") => {
                                self.used_names.insert("MAIN STREET".to_string());
                                ("MAIN STREET".to_string(), None)
                            }
                            None => (self.pick_name(NameKind::Thoroughfare, county, "ROAD"), None),
                        };
                        let id = self.thoroughfare(name, ga);
                        streets.push((id, 1, centre));
                        streets.len() - 1
                    } else {
                        self.rng.random_range(0..streets.len())
                    };
                    let k = self.rng.random_range(4..30).min(remaining);
                    // Half the street blocks show their townland or suburb in the address.
                    let street_loc = suburb.filter(|_| self.rng.random_bool(0.5));
                    self.street_houses(
                        &mut streets[si],
                        k,
                        pt,
                        county,
                        admin,
                        street_loc,
                        bbox,
                        &short_name,
                    )
                }
                Block::Estate => {
                    let k = self.rng.random_range(15..120).min(remaining);
                    let name = self.pick_name(NameKind::Estate, county, "PARK");
                    let ty = *pick(&mut self.rng, &[1290u16, 1290, 1090, 1370]);
                    let g = self.group(name, ty);
                    for i in 0..k {
                        let pos = scatter(&mut self.rng, centre, 0.12, bbox);
                        let mut b = self.building(pt, county, admin, pos, true, false);
                        b.group = Some(g);
                        b.locality = suburb;
                        b.number = Some(self.number(i as u32 + 1));
                        let bi = self.push_building(b);
                        self.point(bi, 2150, None);
                    }
                    k
                }
                Block::Terrace => {
                    let k = self.rng.random_range(6..20).min(remaining);
                    let name = self.pick_name(NameKind::Terrace, county, "TERRACE");
                    let g = self.group(name, 1180);
                    let on_street = (!streets.is_empty() && self.rng.random_bool(0.5))
                        .then(|| streets[self.rng.random_range(0..streets.len())].0);
                    for i in 0..k {
                        let pos = scatter(&mut self.rng, centre, 0.05, bbox);
                        let mut b = self.building(pt, county, admin, pos, true, false);
                        b.group = Some(g);
                        b.thoroughfare = on_street;
                        b.locality = suburb;
                        b.building_type = 3;
                        b.number = Some((i + 1).to_string());
                        let bi = self.push_building(b);
                        self.point(bi, 2150, None);
                    }
                    k
                }
                Block::Apartments => {
                    self.apartments(pt, county, admin, centre, suburb, &streets, remaining, bbox)
                }
                Block::BusinessPark => {
                    let k = self.rng.random_range(5..25).min(remaining);
                    let (name, ty) = if self.rng.random_bool(0.5) {
                        (format!("{short_name} BUSINESS PARK"), 1220)
                    } else {
                        (format!("{short_name} INDUSTRIAL ESTATE"), 1080)
                    };
                    let name = if self.used_names.insert(name.clone()) {
                        name
                    } else {
                        self.pick_name(NameKind::Estate, county, "BUSINESS PARK")
                    };
                    let g = self.group(name, ty);
                    for i in 0..k {
                        let pos = scatter(&mut self.rng, centre, 0.1, bbox);
                        let mut b = self.building(pt, county, admin, pos, false, false);
                        b.group = Some(g);
                        b.locality = suburb;
                        b.name = Some(format!("UNIT {}", i + 1));
                        let bi = self.push_building(b);
                        let p = self.point(bi, 2100, None);
                        let kind = pick(&mut self.rng, PARK_BUSINESSES);
                        let name = business_name(&mut self.rng, kind, &short_name);
                        self.org(p, name, None, (kind.nace, kind.category));
                    }
                    k
                }
            };
            remaining -= used.min(remaining);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn street_houses(
        &mut self,
        street: &mut (u32, u32, (f64, f64)),
        k: usize,
        pt: usize,
        county: usize,
        admin: Admin,
        suburb: Option<u32>,
        bbox: [f64; 4],
        town: &str,
    ) -> usize {
        let mut made = 0;
        while made < k {
            let business = self.rng.random_bool(rate::TOWN_BUSINESS);
            let pos = scatter(&mut self.rng, street.2, 0.15, bbox);
            let mut b = self.building(pt, county, admin, pos, !business, false);
            b.thoroughfare = Some(street.0);
            b.locality = suburb;
            b.number = Some(self.number(street.1));
            street.1 += 1 + u32::from(self.rng.random_bool(0.1));
            if business {
                let over_shop = self.rng.random_bool(0.3) && made + 1 < k;
                if over_shop {
                    b.address_type = 2240;
                    b.building_use = b'B';
                }
                let bi = self.push_building(b);
                let p = self.point(bi, 2100, None);
                let kind = pick(&mut self.rng, TOWN_BUSINESSES);
                let name = business_name(&mut self.rng, kind, town);
                self.org(p, name, None, (kind.nace, kind.category));
                made += 1;
                if over_shop {
                    self.point(bi, 2150, Some(("FLAT 1".into(), "ÁRASÁN 1".into())));
                    made += 1;
                }
            } else if self.rng.random_bool(0.04) && made + 2 < k {
                b.address_type = 2210;
                let bi = self.push_building(b);
                for f in 1..=3 {
                    self.point(bi, 2050, Some((format!("FLAT {f}"), format!("ÁRASÁN {f}"))));
                }
                made += 3;
            } else {
                let bi = self.push_building(b);
                self.point(bi, 2150, None);
                made += 1;
            }
        }
        made
    }

    #[allow(clippy::too_many_arguments)]
    fn apartments(
        &mut self,
        pt: usize,
        county: usize,
        admin: Admin,
        centre: (f64, f64),
        suburb: Option<u32>,
        streets: &[(u32, u32, (f64, f64))],
        remaining: usize,
        bbox: [f64; 4],
    ) -> usize {
        let name = self.pick_name(NameKind::Apartments, county, "APARTMENTS");
        let g = self.group(name, 1200);
        let on_street =
            (!streets.is_empty()).then(|| streets[self.rng.random_range(0..streets.len())].0);
        let blocks = self.rng.random_range(1..4usize);
        let mut made = 0;
        for blk in 0..blocks {
            if made >= remaining {
                break;
            }
            let units = self.rng.random_range(8..60).min(remaining - made);
            let pos = scatter(&mut self.rng, centre, 0.03, bbox);
            let mut b = self.building(pt, county, admin, pos, true, false);
            b.group = Some(g);
            b.thoroughfare = on_street;
            b.locality = suburb;
            b.address_type = 2210;
            b.building_type = 0;
            if blocks > 1 {
                b.name = Some(format!("BLOCK {}", (b'A' + blk as u8) as char));
            }
            let bi = self.push_building(b);
            for u in 0..units {
                self.point(
                    bi,
                    2050,
                    Some((format!("APARTMENT {}", u + 1), format!("ÁRASÁN {}", u + 1))),
                );
            }
            made += units;
        }
        made.max(1)
    }

    /// Marks address points whose postal address (every element but the Eircode) is shared.
    fn mark_non_unique(&mut self) {
        let org_of: HashMap<u32, &str> = self
            .out
            .orgs
            .iter()
            .map(|o| (o.point, o.name.as_str()))
            .collect();
        let key = |i: usize, p: &LocalPoint| {
            let b = &self.out.buildings[p.building as usize];
            (
                org_of.get(&(i as u32)).copied(),
                p.sub.clone(),
                b.name.clone(),
                b.number.clone(),
                b.group,
                b.thoroughfare,
                b.locality,
                b.post_town,
            )
        };
        let mut counts: HashMap<_, u32> = HashMap::new();
        for (i, p) in self.out.points.iter().enumerate() {
            *counts.entry(key(i, p)).or_insert(0) += 1;
        }
        let flags: Vec<bool> = self
            .out
            .points
            .iter()
            .enumerate()
            .map(|(i, p)| counts.get(&key(i, p)).copied().unwrap_or(0) > 1)
            .collect();
        for (p, f) in self.out.points.iter_mut().zip(flags) {
            p.nua = f;
        }
    }
}

fn title(upper: &str) -> String {
    let mut c = upper.chars();
    match c.next() {
        Some(f) => f.to_string() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

/// Which quarter of the OSM city-centre streets a central Dublin district takes.
fn dublin_slot(key: &str) -> usize {
    match key {
        "D01" => 0,
        "D02" => 1,
        "D07" => 2,
        _ => 3,
    }
}
