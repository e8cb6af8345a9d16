//! The towns of a routing area: streets, estates, terraces, apartments and business parks
//! around the town centre, its suburbs and the townlands it is built on.

use super::{la_id, rate, AreaGen, Block};
use crate::content::{business_name, pick, PARK_BUSINESSES, TOWN_BUSINESSES};
use crate::local::{scatter, Admin};
use crate::names::NameKind;
use crate::world::fnv;
use rand::Rng;

/// Where a block is built: its post town and county, administrative areas, centre, suburb or
/// townland, and the county's bounding box.
struct Site {
    pt: usize,
    county: usize,
    admin: Admin,
    centre: (f64, f64),
    suburb: Option<u32>,
    bbox: [f64; 4],
}

impl AreaGen<'_> {
    /// A town of `n` houses around post town `pt`: blocks of streets, estates, terraces,
    /// apartments and business parks, until the houses are built.
    pub(super) fn town(&mut self, pt: usize, n: usize) {
        let world = self.world;
        let town = &world.post_towns[pt];
        let county = town.county;
        let bbox = world.counties[county].bbox;
        let la = la_id(county, &self.area.key);
        let town_sd = 0.25 + (n as f64).sqrt() / 110.0;
        let suburbs = self.suburbs(county, n);
        let near = self.townlands_near(town.centre, county, n);
        // What businesses call the place: the town, or in Dublin the district's first townland
        // (`BLANCHARDSTOWN BUSINESS PARK`, not `DUBLIN 15 BUSINESS PARK`).
        let short_name = match (town.name.starts_with("DUBLIN "), near.first()) {
            (true, Some(&t)) => world.townlands[t].name.clone(),
            (true, None) => "DUBLIN".to_string(),
            _ => town.name.clone(),
        };
        let mut streets: Vec<(u32, u32, (f64, f64))> = Vec::new(); // (id, next number, centre)
        let mut osm_streets = self.osm_streets();
        let mut remaining = n;
        while remaining > 0 {
            let block = self.pick_block(n);
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
            let at = Site {
                pt,
                county,
                admin,
                centre,
                suburb,
                bbox,
            };
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
                Block::Estate => self.estate(&at, remaining),
                Block::Terrace => self.terrace(&at, &streets, remaining),
                Block::Apartments => {
                    self.apartments(pt, county, admin, centre, suburb, &streets, remaining, bbox)
                }
                Block::BusinessPark => self.business_park(&at, &short_name, remaining),
            };
            remaining -= used.min(remaining);
        }
    }

    /// Suburbs for big towns and Dublin districts.
    fn suburbs(&mut self, county: usize, n: usize) -> Vec<u32> {
        let world = self.world;
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
        suburbs
    }

    /// The townlands a town of `n` houses is built on: the area's townlands of the town's
    /// county nearest its centre. Estates and some streets take one as their locality
    /// (`MILLFARM`).
    fn townlands_near(&self, centre: (f64, f64), county: usize, n: usize) -> Vec<usize> {
        let world = self.world;
        let mut near: Vec<(f64, usize)> = self
            .area
            .townlands
            .iter()
            .map(|&t| &world.townlands[t])
            .zip(self.area.townlands.iter().copied())
            .filter(|(tl, _)| tl.county == county)
            .map(|(tl, t)| {
                let d = (tl.lat - centre.0).powi(2) + (tl.lon - centre.1).powi(2);
                (d, t)
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.truncate((n / 300).clamp(3, 120));
        near.into_iter().map(|(_, t)| t).collect()
    }

    /// The real street names a central Dublin district takes, to be used last first.
    fn osm_streets(&self) -> Vec<(String, Option<String>)> {
        let world = self.world;
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
        osm_streets
    }

    /// The kind of the next block of a town of `n` houses.
    fn pick_block(&mut self, n: usize) -> Block {
        if n < 60 {
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
        }
    }

    /// A housing estate of up to `remaining` numbered houses; how many.
    fn estate(&mut self, at: &Site, remaining: usize) -> usize {
        let k = self.rng.random_range(15..120).min(remaining);
        let name = self.pick_name(NameKind::Estate, at.county, "PARK");
        let ty = *pick(&mut self.rng, &[1290u16, 1290, 1090, 1370]);
        let g = self.group(name, ty);
        for i in 0..k {
            let pos = scatter(&mut self.rng, at.centre, 0.12, at.bbox);
            let mut b = self.building(at.pt, at.county, at.admin, pos, true, false);
            b.group = Some(g);
            b.locality = at.suburb;
            b.number = Some(self.number(i as u32 + 1));
            let bi = self.push_building(b);
            self.point(bi, 2150, None);
        }
        k
    }

    /// A terrace of up to `remaining` numbered houses, on one of `streets` half the time; how
    /// many.
    fn terrace(
        &mut self,
        at: &Site,
        streets: &[(u32, u32, (f64, f64))],
        remaining: usize,
    ) -> usize {
        let k = self.rng.random_range(6..20).min(remaining);
        let name = self.pick_name(NameKind::Terrace, at.county, "TERRACE");
        let g = self.group(name, 1180);
        let on_street = (!streets.is_empty() && self.rng.random_bool(0.5))
            .then(|| streets[self.rng.random_range(0..streets.len())].0);
        for i in 0..k {
            let pos = scatter(&mut self.rng, at.centre, 0.05, at.bbox);
            let mut b = self.building(at.pt, at.county, at.admin, pos, true, false);
            b.group = Some(g);
            b.thoroughfare = on_street;
            b.locality = at.suburb;
            b.building_type = 3;
            b.number = Some((i + 1).to_string());
            let bi = self.push_building(b);
            self.point(bi, 2150, None);
        }
        k
    }

    /// A business park or industrial estate of up to `remaining` units, each with a business;
    /// how many.
    fn business_park(&mut self, at: &Site, short_name: &str, remaining: usize) -> usize {
        let k = self.rng.random_range(5..25).min(remaining);
        let (name, ty) = if self.rng.random_bool(0.5) {
            (format!("{short_name} BUSINESS PARK"), 1220)
        } else {
            (format!("{short_name} INDUSTRIAL ESTATE"), 1080)
        };
        let name = if self.used_names.insert(name.clone()) {
            name
        } else {
            self.pick_name(NameKind::Estate, at.county, "BUSINESS PARK")
        };
        let g = self.group(name, ty);
        for i in 0..k {
            let pos = scatter(&mut self.rng, at.centre, 0.1, at.bbox);
            let mut b = self.building(at.pt, at.county, at.admin, pos, false, false);
            b.group = Some(g);
            b.locality = at.suburb;
            b.name = Some(format!("UNIT {}", i + 1));
            let bi = self.push_building(b);
            let p = self.point(bi, 2100, None);
            let kind = pick(&mut self.rng, PARK_BUSINESSES);
            let name = business_name(&mut self.rng, kind, short_name);
            self.org(p, name, None, (kind.nace, kind.category));
        }
        k
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
