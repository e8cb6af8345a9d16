//! Place generation and scoring.
//!
//! A place is one postal context (group, streets, localities, post town, counties) with its
//! buildings. Candidates are enumerated from the most specific group of matched elements (the
//! query words they explain, with the fewest places), and each candidate is scored by assigning
//! query words to its own elements: an element takes the words it matched unless a better
//! element of the place already took them. Words no element of the place explains cost their
//! weight, so a place missing the town the user typed ranks below one that has it.

use crate::index::{ElementKind, Index, NONE};
use crate::limits::{MAX_CANDIDATE_PLACES, MAX_PLACES_PER_GROUP};
use crate::search::elements::{find, ElementMatch};

/// Most elements that can be assigned in one place: eight slots plus a pinned building or
/// organisation.
pub const MAX_ASSIGNED: usize = 9;

/// What each element of a place that the query does not name costs.
const UNNAMED_ELEMENT_PENALTY: f32 = 0.4;

/// A scored place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceScore {
    /// Place ordinal.
    pub place: u32,
    /// Explained weight less unexplained weight.
    pub score: f32,
    /// Words explained by the place's elements.
    pub mask: u64,
    /// Words matched through typos.
    pub typos: u8,
    /// Indices (into the element matches) of the assigned elements.
    pub assigned: [u32; MAX_ASSIGNED],
    /// How many of `assigned` are used.
    pub n_assigned: u8,
    /// An assigned building-name or organisation match, if any.
    pub pin: Option<u32>,
}

impl PlaceScore {
    /// The assigned match indices.
    pub fn assigned(&self) -> &[u32] {
        &self.assigned[..usize::from(self.n_assigned)]
    }
}

fn is_pin(kind: ElementKind) -> bool {
    matches!(kind, ElementKind::BuildingName | ElementKind::Organisation)
}

/// Building-name and organisation matches by the place they are in, sorted by place.
pub fn pins(index: &Index, matches: &[ElementMatch], out: &mut Vec<(u32, u32)>) {
    out.clear();
    for (i, m) in matches.iter().enumerate() {
        if is_pin(m.kind) {
            if let Some(p) = index.element_places(m.element).next() {
                out.push((p, i as u32));
            }
        }
    }
    out.sort_unstable();
}

/// Enumerates candidate places into `out` (sorted, unique).
pub fn candidates(index: &Index, matches: &[ElementMatch], out: &mut Vec<u32>) {
    out.clear();
    // Group matches by the words they explain.
    let mut groups: Vec<(u64, f32, Vec<u32>)> = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        match groups.iter_mut().find(|g| g.0 == m.mask) {
            Some(g) => {
                g.1 = g.1.max(m.score);
                g.2.push(i as u32);
            }
            None => groups.push((m.mask, m.score, vec![i as u32])),
        }
    }
    groups.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut enumerated = 0;
    let mut sized: Vec<(usize, usize)> = Vec::new();
    for (g, (_, _, members)) in groups.iter().enumerate().take(12) {
        let mut size = 0usize;
        for &m in members {
            size += index
                .element_places(matches[m as usize].element)
                .take(MAX_PLACES_PER_GROUP + 1 - size.min(MAX_PLACES_PER_GROUP))
                .count();
            if size > MAX_PLACES_PER_GROUP {
                break;
            }
        }
        sized.push((g, size));
    }
    for &(g, size) in &sized {
        if size > MAX_PLACES_PER_GROUP || out.len() + size > MAX_CANDIDATE_PLACES {
            continue;
        }
        for &m in &groups[g].2 {
            out.extend(index.element_places(matches[m as usize].element));
        }
        enumerated += 1;
        if enumerated >= 4 {
            break;
        }
    }
    if enumerated == 0 {
        // Every group is large (a county, a big town): take the best group's first places.
        if let Some((_, _, members)) = groups.first() {
            for &m in members {
                let room = MAX_PLACES_PER_GROUP.saturating_sub(out.len());
                out.extend(index.element_places(matches[m as usize].element).take(room));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// Scores one place. `word_weights[i]` is what leaving word `i` unexplained costs.
pub fn score_place(
    index: &Index,
    place: u32,
    matches: &[ElementMatch],
    pins: &[(u32, u32)],
    word_weights: &[f32],
) -> Option<PlaceScore> {
    let row = index.place(place)?;
    let mut cands: [u32; MAX_ASSIGNED + 8] = [NONE; MAX_ASSIGNED + 8];
    let mut n = 0;
    for e in row.elements() {
        if e == NONE {
            continue;
        }
        if let Some(idx) = find(matches, e) {
            if !cands[..n].contains(&(idx as u32)) {
                cands[n] = idx as u32;
                n += 1;
            }
        }
    }
    let start = pins.partition_point(|p| p.0 < place);
    for &(p, m) in &pins[start..] {
        if p != place || n >= cands.len() {
            break;
        }
        cands[n] = m;
        n += 1;
    }
    let cands = &mut cands[..n];
    cands.sort_by(|&a, &b| {
        matches[b as usize]
            .score
            .total_cmp(&matches[a as usize].score)
            .then(a.cmp(&b))
    });
    let mut score = PlaceScore {
        place,
        score: 0.0,
        mask: 0,
        typos: 0,
        assigned: [NONE; MAX_ASSIGNED],
        n_assigned: 0,
        pin: None,
    };
    for &c in cands.iter() {
        let m = &matches[c as usize];
        if m.mask & score.mask != 0 || usize::from(score.n_assigned) >= MAX_ASSIGNED {
            continue;
        }
        if is_pin(m.kind) {
            if score.pin.is_some() {
                continue;
            }
            score.pin = Some(c);
        }
        score.mask |= m.mask;
        score.score += m.score;
        score.typos += m.typos;
        score.assigned[usize::from(score.n_assigned)] = c;
        score.n_assigned += 1;
    }
    for (i, w) in word_weights.iter().enumerate() {
        if score.mask & (1u64 << i) == 0 {
            score.score -= w;
        }
    }
    // A place with elements the query does not name (an estate, a second street or locality)
    // is a less exact reading than one without: among equals, the plainer place wins.
    for e in [
        row.group,
        row.thoroughfare,
        row.thoroughfare2,
        row.locality,
        row.locality2,
    ] {
        if e != NONE
            && !score
                .assigned()
                .iter()
                .any(|&m| matches[m as usize].element == e)
        {
            score.score -= UNNAMED_ELEMENT_PENALTY;
        }
    }
    Some(score)
}
