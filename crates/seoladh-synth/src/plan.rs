//! How many address points go to each county, town, village and townland.
//!
//! Counties get points in proportion to their households; each county's urban share goes to
//! its post towns (by weight) and villages, the rest to its townlands with exponential weights,
//! so some townlands have one house and some a dozen — the source of non-unique addresses.

use crate::area::AreaQuota;
use crate::world::{fnv, World};

/// Rural address points per populated townland (ROI: ~800,000 rural addresses in ~50,000
/// townlands with houses gives 15; a little lower keeps more townlands in small samples).
const RURAL_PER_TOWNLAND: usize = 12;

/// The share of a (non-Dublin) county's urban points that its villages take.
const VILLAGE_SHARE: f64 = 0.18;

/// Splits `total` in proportion to `weights` (largest remainder, ties to the lower index).
pub(crate) fn apportion(total: usize, weights: &[f64]) -> Vec<usize> {
    let sum: f64 = weights.iter().filter(|w| w.is_finite() && **w > 0.0).sum();
    if weights.is_empty() || sum <= 0.0 {
        return vec![0; weights.len()];
    }
    let exact: Vec<f64> = weights
        .iter()
        .map(|w| {
            if w.is_finite() && *w > 0.0 {
                total as f64 * w / sum
            } else {
                0.0
            }
        })
        .collect();
    let mut out: Vec<usize> = exact.iter().map(|x| x.floor() as usize).collect();
    let given: usize = out.iter().sum();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        let fa = exact[a] - exact[a].floor();
        let fb = exact[b] - exact[b].floor();
        fb.total_cmp(&fa).then(a.cmp(&b))
    });
    for &i in order.iter().take(total.saturating_sub(given)) {
        out[i] += 1;
    }
    out
}

/// A deterministic uniform in (0, 1] from a string and the seed.
fn unit(seed: u64, s: &str) -> f64 {
    let h = fnv(s) ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let h = (h ^ (h >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    ((h >> 11) as f64 + 1.0) / (1u64 << 53) as f64
}

/// One quota per area of `world` (same order).
pub(crate) fn allocate(world: &World, total: usize, seed: u64) -> Vec<AreaQuota> {
    let mut quotas = vec![AreaQuota::default(); world.areas.len()];
    let weights: Vec<f64> = world
        .counties
        .iter()
        .map(|c| if c.selected { c.households } else { 0.0 })
        .collect();
    let per_county = apportion(total, &weights);
    for (ci, county) in world.counties.iter().enumerate() {
        let n = per_county[ci];
        if n == 0 {
            continue;
        }
        let urban = (n as f64 * county.urban_share).round() as usize;
        let rural = n - urban;

        // Urban slots: (area, post town) and (area, village).
        let mut slots: Vec<(usize, bool, usize, f64)> = Vec::new();
        for (ai, a) in world.areas.iter().enumerate() {
            for &p in &a.post_towns {
                let pt = &world.post_towns[p];
                if pt.county != ci {
                    continue;
                }
                let listed = world
                    .areas
                    .iter()
                    .filter(|x| x.post_towns.contains(&p))
                    .count()
                    .max(1);
                slots.push((ai, false, p, pt.weight / listed as f64));
            }
        }
        let town_weight: f64 = slots.iter().map(|s| s.3).sum();
        let dublin = county.name == "DUBLIN";
        let villages: Vec<(usize, usize)> = world
            .areas
            .iter()
            .enumerate()
            .flat_map(|(ai, a)| a.villages.iter().map(move |&v| (ai, v)))
            .filter(|&(_, v)| world.villages[v].county == ci)
            .collect();
        if !dublin && !villages.is_empty() {
            let total_village = town_weight * VILLAGE_SHARE / (1.0 - VILLAGE_SHARE);
            let raw: Vec<f64> = villages
                .iter()
                .map(|&(_, v)| 0.4 + unit(seed, &world.villages[v].name))
                .collect();
            let raw_sum: f64 = raw.iter().sum();
            for (&(ai, v), w) in villages.iter().zip(raw) {
                slots.push((ai, true, v, total_village * w / raw_sum));
            }
        }
        let counts = apportion(urban, &slots.iter().map(|s| s.3).collect::<Vec<_>>());
        for (s, c) in slots.iter().zip(counts) {
            if s.1 {
                quotas[s.0].villages.push((s.2, c));
            } else {
                quotas[s.0].towns.push((s.2, c));
            }
        }

        // Rural: every townland of the county, exponential weights.
        let mut tls: Vec<(usize, usize, f64)> = Vec::new();
        for (ai, a) in world.areas.iter().enumerate() {
            for &t in &a.townlands {
                let tl = &world.townlands[t];
                if tl.county == ci {
                    let u = unit(seed, &format!("{}/{}/{t}", a.key, tl.name));
                    // Gaeltacht districts are densely settled for rural land.
                    let boost = if tl.gaeltacht { 2.0 } else { 1.0 };
                    tls.push((ai, t, -u.ln() * boost));
                }
            }
        }
        // Keep the real density (about RURAL_PER_TOWNLAND houses a townland) at any scale: a
        // small run populates fewer townlands rather than giving each one house.
        let keep = rural.div_ceil(RURAL_PER_TOWNLAND).min(tls.len());
        let mut order: Vec<usize> = (0..tls.len()).collect();
        order.sort_by(|&a, &b| tls[b].2.total_cmp(&tls[a].2).then(a.cmp(&b)));
        let mut kept: Vec<bool> = vec![false; tls.len()];
        for &i in order.iter().take(keep) {
            kept[i] = true;
        }
        let weights: Vec<f64> = tls
            .iter()
            .zip(&kept)
            .map(|(s, k)| if *k { s.2 } else { 0.0 })
            .collect();
        let counts = apportion(rural, &weights);
        for (s, c) in tls.iter().zip(counts) {
            quotas[s.0].townlands.push((s.1, c));
        }
    }
    quotas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apportion_gives_exactly_the_total() {
        let w = [1.0, 2.0, 3.0, 0.0, f64::NAN];
        let a = apportion(100, &w);
        assert_eq!(a.iter().sum::<usize>(), 100);
        assert_eq!(a[3], 0);
        assert_eq!(a[4], 0);
        assert!(a[2] > a[1] && a[1] > a[0]);
        assert_eq!(apportion(7, &[]), Vec::<usize>::new());
        assert_eq!(apportion(3, &[1.0, 1.0, 1.0, 1.0]), vec![1, 1, 1, 0]);
    }
}
