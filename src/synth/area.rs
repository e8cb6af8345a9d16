//! Generating one routing area: its town streets, estates, terraces, apartments and businesses,
//! its villages, and the houses of its townlands.
//!
//! Each area has its own ChaCha RNG seeded from (seed, routing key), so areas can be generated in
//! parallel and the result does not depend on scheduling.

use crate::synth::content::{
    business_name, pick, DEPARTMENTS, HOUSE_NAMES, PARK_BUSINESSES, SAINTS, SURNAMES,
    TOWN_BUSINESSES,
};
use crate::synth::local::{
    scatter, Admin, AreaOut, EircodeAllocator, Element, LocalBuilding, LocalOrg, LocalPoint,
};
use crate::synth::names::{abbreviated, irish_form, misspelt, reformatted, NameKind};
use crate::synth::world::{fnv, AreaInfo, World};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap};

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
    pub const RURAL_NAMED: f64 = 0.2;
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
            .get(&(county, crate::synth::world::join_key(&name)))
            .cloned();
        // A name that is itself Irish (HSE lists Gaeltacht villages by their Irish name).
        let ga = ga.or_else(|| {
            let irish = name.chars().any(|c| "ÁÉÍÓÚ".contains(c))
                || self
                    .world
                    .irish_names
                    .contains(&crate::synth::world::join_key(&name));
            irish.then(|| name.clone())
        });
        let verification = if ga.is_some() { 4 } else { 0 };
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
        let short_name = town.name.clone();
        // Suburbs for big towns and Dublin districts.
        let mut suburbs: Vec<u32> = Vec::new();
        let wanted = (n / 2500).min(12);
        for _ in 0..wanted {
            let name = self.pick_name(NameKind::Locality, county, "CROSS");
            if world.post_towns.iter().any(|p| p.name == name) {
                continue;
            }
            let l = self.locality(name, county, 3350, None);
            suburbs.push(l);
        }
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
            let suburb = (!suburbs.is_empty() && self.rng.random_bool(0.6))
                .then(|| *pick(&mut self.rng, &suburbs));
            let admin = self.admin_near(county, la, false);
            let used = match block {
                Block::Street => {
                    let new_street = streets.is_empty()
                        || (streets.len() < 4 + n / 30 && self.rng.random_bool(0.5));
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
                    self.street_houses(
                        &mut streets[si],
                        k,
                        pt,
                        county,
                        admin,
                        suburb,
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
            b.locality = suburb.filter(|_| self.rng.random_bool(0.4));
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

    // ---- villages and townlands ----------------------------------------------------------------

    fn nearest_post_town(&self, pos: (f64, f64)) -> usize {
        let world = self.world;
        let mut best = self.area.post_towns[0];
        let mut best_d = f64::INFINITY;
        for &p in &self.area.post_towns {
            let c = world.post_towns[p].centre;
            // The principal town serves a wider area than the secondary ones.
            let bias = if p == self.area.post_towns[0] {
                0.6
            } else {
                1.0
            };
            let d = ((c.0 - pos.0).powi(2) + (c.1 - pos.1).powi(2)) * bias;
            if d < best_d {
                best = p;
                best_d = d;
            }
        }
        best
    }

    fn village(&mut self, v: usize, n: usize) {
        let world = self.world;
        let village = &world.villages[v];
        let county = village.county;
        let bbox = world.counties[county].bbox;
        let centre = self
            .area
            .townlands
            .iter()
            .map(|&t| &world.townlands[t])
            .find(|t| t.county == county && t.name == village.name)
            .map(|t| (t.lat, t.lon))
            .unwrap_or_else(|| {
                let h = fnv(&village.name);
                let c = self.area.centre;
                (
                    c.0 + ((h & 0xff) as f64 / 255.0 - 0.5) * 0.15,
                    c.1 + (((h >> 8) & 0xff) as f64 / 255.0 - 0.5) * 0.25,
                )
            });
        let pt = self.nearest_post_town(centre);
        let la = la_id(county, &self.area.key);
        let loc = self.locality(village.name.clone(), county, 3600, None);
        let main = self.thoroughfare("MAIN STREET".to_string(), None);
        let admin = self.admin_near(county, la, false);
        let mut number = 1;
        let mut estate: Option<(u32, u32)> = None;
        for _ in 0..n {
            let pos = scatter(&mut self.rng, centre, 0.35, bbox);
            let r = self.rng.random::<f64>();
            let mut b = self.building(pt, county, admin, pos, true, false);
            b.locality = Some(loc);
            if r < 0.35 {
                b.thoroughfare = Some(main);
                b.number = Some(number.to_string());
                number += 1;
            } else if r < 0.65 {
                let (g, next) = match estate {
                    Some(e) if e.1 < 60 => e,
                    _ => {
                        let name = self.pick_name(NameKind::Estate, county, "PARK");
                        (self.group(name, 1290), 1)
                    }
                };
                b.group = Some(g);
                b.number = Some(next.to_string());
                estate = Some((g, next + 1));
            } else if self.rng.random_bool(0.4) {
                b.name = Some(pick(&mut self.rng, HOUSE_NAMES).to_string());
            }
            let bi = self.push_building(b);
            self.point(bi, 2150, None);
        }
    }

    fn townland(&mut self, t: usize, n: usize) {
        let world = self.world;
        let tl = &world.townlands[t];
        let county = tl.county;
        let bbox = world.counties[county].bbox;
        let la = la_id(county, &self.area.key);
        // In the Gaeltacht the Irish name is the one people write: it is the NAME, and the
        // English name becomes an alternative name.
        let loc = match (&tl.name_ga, tl.gaeltacht) {
            (Some(ga), true) => {
                let aliases = vec![(tl.name.clone(), 2)];
                self.out.localities.push(Element {
                    name: ga.clone(),
                    name_ga: Some(ga.clone()),
                    verification: 4,
                    address_type: 3400,
                    aliases,
                });
                self.out.localities.len() as u32 - 1
            }
            _ => {
                let l = self.locality(tl.name.clone(), county, 3400, tl.alt_name.clone());
                self.out.localities[l as usize].name_ga = tl.name_ga.clone();
                self.out.localities[l as usize].verification =
                    if tl.name_ga.is_some() { 4 } else { 0 };
                l
            }
        };
        let pt = self.nearest_post_town((tl.lat, tl.lon));
        self.small_area_counter += 1;
        let admin = Admin {
            la,
            ded: tl.ded_id,
            small_area: small_area(county, tl.ded_id, tl.townland_id % 7),
            townland: tl.townland_id,
            gaeltacht: tl.gaeltacht,
        };
        for _ in 0..n {
            let pos = scatter(&mut self.rng, (tl.lat, tl.lon), 0.45, bbox);
            let organisation = self.rng.random_bool(0.012);
            let mut b = self.building(pt, county, admin, pos, !organisation, true);
            b.locality = Some(loc);
            if organisation {
                let (name, ga, kind) = self.rural_org(&tl.name);
                b.name = Some(name.clone());
                let bi = self.push_building(b);
                let p = self.point(bi, 2100, None);
                self.org(p, name, ga, kind);
                continue;
            }
            if self.rng.random_bool(rate::RURAL_NAMED) {
                b.name = Some(pick(&mut self.rng, HOUSE_NAMES).to_string());
            }
            let bi = self.push_building(b);
            self.point(bi, 2150, None);
        }
    }

    fn rural_org(
        &mut self,
        townland: &str,
    ) -> (String, Option<String>, (&'static str, &'static str)) {
        let (saint, naomh) = *pick(&mut self.rng, SAINTS);
        match self.rng.random_range(0..4) {
            0 => (
                format!("ST. {saint}'S NATIONAL SCHOOL"),
                Some(format!("SCOIL {naomh}")),
                ("85.20", "Primary education"),
            ),
            1 => (
                format!("{townland} GAA CLUB"),
                None,
                ("93.12", "Sports clubs"),
            ),
            2 => (
                format!("CHURCH OF ST. {saint}"),
                Some(format!("SÉIPÉAL {naomh}")),
                ("94.91", "Religious organisations"),
            ),
            _ => (
                format!("{}'S BAR", pick(&mut self.rng, SURNAMES)),
                None,
                ("56.30", "Beverage serving"),
            ),
        }
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

/// Local authority: one per county, with Dublin's four councils and the two city councils of
/// Cork and Galway split by routing key. Ids are the county's 1-based index (1–26) or 27–32.
pub(crate) fn la_id(county: usize, key: &str) -> u64 {
    match key {
        "A94" | "A96" | "D14" | "D16" | "D18" => 28, // Dún Laoghaire–Rathdown
        "A41" | "A42" | "A45" | "K32" | "K34" | "K36" | "K45" | "K56" | "K67" | "D15" | "D17" => {
            29 // Fingal
        }
        "D22" | "D24" | "K78" => 30,   // South Dublin
        k if k.starts_with('D') => 27, // Dublin City
        "T12" | "T23" => 31,           // Cork City
        "H91" => 32,                   // Galway City
        _ => county as u64 + 1,
    }
}

/// A CSO-style small area id: county, electoral division and a running block number.
fn small_area(county: usize, ded: u64, block: u64) -> u64 {
    (county as u64 + 1) * 100_000_000 + (ded % 100_000) * 1000 + block % 1000
}
