//! Villages and townlands of a routing area: village streets and estates, rural houses
//! (mostly without a name or number, hence non-unique), rural organisations.

use super::{la_id, rate, small_area, AreaGen};
use crate::content::{pick, HOUSE_NAMES, SAINTS, SURNAMES};
use crate::local::{scatter, Admin, Element};
use crate::names::NameKind;
use crate::world::fnv;
use rand::Rng;

impl AreaGen<'_> {
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

    pub(super) fn village(&mut self, v: usize, n: usize) {
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

    /// The locality element of townland `t`, made on first use (rural houses and town estates
    /// built on the townland share it).
    pub(super) fn townland_locality(&mut self, t: usize) -> u32 {
        if let Some(&l) = self.townland_locs.get(&t) {
            return l;
        }
        let world = self.world;
        let tl = &world.townlands[t];
        // In the Gaeltacht the Irish name is the one people write: it is the NAME, and the
        // English name becomes an alternative name.
        let l = match (&tl.name_ga, tl.gaeltacht) {
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
                let l = self.locality(tl.name.clone(), tl.county, 3400, tl.alt_name.clone());
                self.out.localities[l as usize].name_ga = tl.name_ga.clone();
                self.out.localities[l as usize].verification = tl.ga_verification;
                l
            }
        };
        self.townland_locs.insert(t, l);
        l
    }

    pub(super) fn townland(&mut self, t: usize, n: usize) {
        let world = self.world;
        let tl = &world.townlands[t];
        let county = tl.county;
        let bbox = world.counties[county].bbox;
        let la = la_id(county, &self.area.key);
        let loc = self.townland_locality(t);
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
}
