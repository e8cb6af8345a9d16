//! Generating one routing area: its town streets, estates, terraces, apartments and businesses,
//! its villages, and the houses of its townlands.
//!
//! Each area has its own ChaCha RNG seeded from (seed, routing key), so areas can be generated in
//! parallel and the result does not depend on scheduling.

use crate::content::{pick, DEPARTMENTS, SURNAMES};
use crate::local::{
    Admin, AreaOut, EircodeAllocator, Element, LocalBuilding, LocalOrg, LocalPoint,
};
use crate::names::{abbreviated, irish_form, misspelt, reformatted, NameKind};
use crate::world::{fnv, AreaInfo, World};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod admin;
mod rural;
mod town;

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
