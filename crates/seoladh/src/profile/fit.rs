//! The fitting algorithm of the module docs: prepare, abbreviate, merge, drop, force-merge,
//! truncate, place.

use super::abbreviation::{abbreviate_all, abbreviate_last};
use super::finish::{finish, plain_letters};
use super::role::{assign, LineRole};
use super::{Abbreviation, EircodePlacement, Profile, ReformatResult, Reformatted};
use crate::ecad::address::{mixed_case, Address, AddressElement, ElementType};
use crate::limits::MAX_REFORMAT_INPUT_LINES;

/// One line of the input address and its role.
#[derive(Debug, Clone)]
struct Part {
    role: LineRole,
    elements: Vec<AddressElement>,
}

/// One output line: input lines joined by the profile's separator.
#[derive(Debug, Clone)]
struct Unit {
    parts: Vec<Part>,
}

impl Unit {
    fn first_role(&self) -> Option<LineRole> {
        self.parts.first().map(|p| p.role)
    }

    fn last_role(&self) -> Option<LineRole> {
        self.parts.last().map(|p| p.role)
    }

    fn has_role(&self, role: LineRole) -> bool {
        self.parts.iter().any(|p| p.role == role)
    }
}

/// What happened while fitting, for the result code.
struct Fitter<'p> {
    profile: &'p Profile,
    abbreviated: bool,
    lost: bool,
    truncated: bool,
}

/// Reformats `address` per `profile`; `county` is the county line `county_always` adds when the
/// address has none (inferred from the post town when `None`).
pub(crate) fn reformat(
    profile: &Profile,
    address: &Address,
    county: Option<&AddressElement>,
) -> Reformatted {
    let lines = split_lines(address);
    let roles = assign(&lines);
    let mut units: Vec<Unit> = lines
        .into_iter()
        .zip(roles)
        .map(|(elements, role)| Unit {
            parts: vec![Part { role, elements }],
        })
        .collect();
    if units.len() > MAX_REFORMAT_INPUT_LINES {
        let rest: Vec<Part> = units
            .drain(MAX_REFORMAT_INPUT_LINES..)
            .flat_map(|u| u.parts)
            .collect();
        if let Some(last) = units.last_mut() {
            last.parts.extend(rest);
        }
    }
    let mut fitter = Fitter {
        profile,
        abbreviated: false,
        lost: false,
        truncated: false,
    };

    // 1. Prepare.
    if profile.county_always {
        add_county(&mut units, county);
    }
    if profile.eircode == EircodePlacement::Omit {
        units.retain(|u| !u.has_role(LineRole::Eircode));
    }
    if profile.abbreviation == Abbreviation::Always {
        for element in units
            .iter_mut()
            .flat_map(|u| u.parts.iter_mut())
            .flat_map(|p| p.elements.iter_mut())
        {
            fitter.abbreviated |= abbreviate_all(element);
        }
    }
    // 2. Abbreviate the lines that are too long.
    for unit in &mut units {
        let (_, changed) = fitter.shrink(unit);
        fitter.abbreviated |= changed;
    }
    // 3–5. Merge, drop, force-merge until the lines fit the profile.
    while units.len() > profile.lines.max(1) {
        if fitter.merge_by_rules(&mut units) || fitter.drop_one(&mut units) {
            continue;
        }
        force_merge(&fitter, &mut units);
    }
    // 6–7. Truncate and finish; a line with no text is left out (null, never "").
    let mut texts: Vec<(String, bool)> = Vec::with_capacity(units.len());
    for u in &units {
        let text = fitter.text(u);
        let text = match profile.max_chars {
            Some(max) if text.chars().count() > max => {
                fitter.truncated = true;
                truncate(&text, max, &profile.separator)
            }
            _ => text,
        };
        let text = text.trim();
        if !text.is_empty() {
            texts.push((text.to_string(), u.has_role(LineRole::Eircode)));
        }
    }
    // 8. Place.
    let slots = profile.lines.max(1);
    let mut lines: Vec<Option<String>> = vec![None; slots];
    let eircode_at = texts.iter().position(|(_, eircode)| *eircode);
    if let (EircodePlacement::LastLine, Some(at)) = (profile.eircode, eircode_at) {
        let (eircode_text, _) = texts.remove(at);
        if let Some(last) = lines.last_mut() {
            *last = Some(eircode_text);
        }
    }
    for (slot, (text, _)) in lines.iter_mut().zip(texts) {
        *slot = Some(text);
    }
    Reformatted {
        lines,
        result: ReformatResult::from_flags(fitter.lost, fitter.truncated, fitter.abbreviated),
    }
}

impl Fitter<'_> {
    fn text(&self, unit: &Unit) -> String {
        let p = self.profile;
        let parts: Vec<String> = unit
            .parts
            .iter()
            .map(|part| {
                let words: Vec<String> = part
                    .elements
                    .iter()
                    .map(|e| finish(&e.value, e.kind, p.capitalisation, p.irish_letters))
                    .collect();
                words.join(" ")
            })
            .collect();
        parts.join(&p.separator)
    }

    fn fits(&self, unit: &Unit) -> bool {
        self.profile
            .max_chars
            .map_or(true, |max| self.text(unit).chars().count() <= max)
    }

    /// Abbreviates `unit`, last word first, until it fits (when the policy allows); returns
    /// whether it fits and whether anything was abbreviated.
    fn shrink(&self, unit: &mut Unit) -> (bool, bool) {
        let mut changed = false;
        if self.profile.abbreviation != Abbreviation::WhenNeeded {
            return (self.fits(unit), false);
        }
        while !self.fits(unit) {
            let done = unit
                .parts
                .iter_mut()
                .rev()
                .flat_map(|p| p.elements.iter_mut().rev())
                .any(abbreviate_last);
            if !done {
                return (false, changed);
            }
            changed = true;
        }
        (true, changed)
    }

    /// Joins one adjacent pair that a share rule allows and that fits; the rules in the profile's
    /// order, the bottom-most pair first.
    fn merge_by_rules(&mut self, units: &mut Vec<Unit>) -> bool {
        for &(upper, lower) in &self.profile.share {
            for i in (1..units.len()).rev() {
                let (Some(a), Some(b)) = (units.get(i - 1), units.get(i)) else {
                    continue;
                };
                if a.last_role() != Some(upper) || b.first_role() != Some(lower) {
                    continue;
                }
                let mut joined = join(a, b);
                let (fits, changed) = self.shrink(&mut joined);
                if fits {
                    self.abbreviated |= changed;
                    units.splice(i - 1..=i, [joined]);
                    return true;
                }
            }
        }
        false
    }

    /// Drops the next role of the drop list that stands on a line of its own.
    fn drop_one(&mut self, units: &mut Vec<Unit>) -> bool {
        for &role in &self.profile.drop {
            if role.is_never_dropped() {
                continue;
            }
            let at = units.iter().rposition(|u| {
                u.parts.len() == 1
                    && u.first_role() == Some(role)
                    && !u.parts.iter().any(|p| {
                        p.elements
                            .iter()
                            .any(|e| e.kind == ElementType::BuildingNumber)
                    })
            });
            if let Some(at) = at {
                units.remove(at);
                self.lost = true;
                return true;
            }
        }
        false
    }
}

/// Joins the adjacent pair with the shortest joined text (the later pair on a tie).
fn force_merge(fitter: &Fitter<'_>, units: &mut Vec<Unit>) {
    let mut best: Option<(usize, usize)> = None;
    for i in 1..units.len() {
        if let (Some(a), Some(b)) = (units.get(i - 1), units.get(i)) {
            let len = fitter.text(&join(a, b)).chars().count();
            if best.map_or(true, |(_, best_len)| len <= best_len) {
                best = Some((i, len));
            }
        }
    }
    match best {
        Some((i, _)) => {
            if let (Some(a), Some(b)) = (units.get(i - 1), units.get(i)) {
                let joined = join(a, b);
                units.splice(i - 1..=i, [joined]);
            }
        }
        // A single unit always fits the line count; keep the loop finite regardless.
        None => units.truncate(1),
    }
}

fn join(a: &Unit, b: &Unit) -> Unit {
    let mut parts = a.parts.clone();
    parts.extend(b.parts.iter().cloned());
    Unit { parts }
}

/// `text` cut to `max` characters, without a dangling separator or space at the end.
fn truncate(text: &str, max: usize, separator: &str) -> String {
    let mut cut: String = text.chars().take(max).collect();
    loop {
        let trimmed = cut.trim_end();
        let trimmed = match separator.trim() {
            "" => trimmed,
            sep => trimmed.strip_suffix(sep).unwrap_or(trimmed),
        };
        if trimmed.len() == cut.len() {
            return cut;
        }
        cut = trimmed.to_string();
    }
}

/// The address's lines as element groups: the elements of a line joined by a space give that
/// line. When the lines and elements disagree (a hand-built address), every element is its own
/// line with the building number glued to the next; an address with lines only gets one
/// unknown element per line.
fn split_lines(address: &Address) -> Vec<Vec<AddressElement>> {
    if address.elements.is_empty() {
        return address
            .lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                vec![AddressElement {
                    value: l.trim().to_string(),
                    kind: ElementType::Unknown,
                    id: 0,
                }]
            })
            .collect();
    }
    match split_by_lines(address) {
        Some(lines) => lines,
        None => split_by_elements(&address.elements),
    }
}

fn split_by_lines(address: &Address) -> Option<Vec<Vec<AddressElement>>> {
    let mut elements = address.elements.iter();
    let mut out = Vec::with_capacity(address.lines.len());
    for line in &address.lines {
        let mut group: Vec<AddressElement> = Vec::new();
        let mut text = String::new();
        while group.is_empty() || text != *line {
            let e = elements.next()?;
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&e.value);
            group.push(e.clone());
            if text.len() > line.len() {
                return None;
            }
        }
        out.push(group);
    }
    match elements.next() {
        Some(_) => None,
        None => Some(out),
    }
}

fn split_by_elements(elements: &[AddressElement]) -> Vec<Vec<AddressElement>> {
    let mut out: Vec<Vec<AddressElement>> = Vec::new();
    let mut pending: Vec<AddressElement> = Vec::new();
    for e in elements.iter().filter(|e| !e.value.trim().is_empty()) {
        pending.push(e.clone());
        if e.kind != ElementType::BuildingNumber {
            out.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        out.push(pending);
    }
    out
}

/// Adds the county line after the post town when the address has none.
fn add_county(units: &mut Vec<Unit>, given: Option<&AddressElement>) {
    if units.iter().any(|u| u.has_role(LineRole::County)) {
        return;
    }
    let county = match given {
        Some(c) if !c.value.trim().is_empty() => Some(c.clone()),
        _ => infer_county(units),
    };
    let Some(county) = county else {
        return;
    };
    let at = match units.iter().rposition(|u| u.has_role(LineRole::PostTown)) {
        Some(i) => i + 1,
        None => units
            .iter()
            .position(|u| u.has_role(LineRole::Eircode))
            .unwrap_or(units.len()),
    };
    units.insert(
        at,
        Unit {
            parts: vec![Part {
                role: LineRole::County,
                elements: vec![county],
            }],
        },
    );
}

/// English and Irish names of the 26 counties (upper case, as in
/// `fixtures/reference/placenames/ie_counties_provinces_iso3166_ga.csv`), for county-named post
/// towns.
const COUNTIES: [(&str, &str); 26] = [
    ("CARLOW", "CEATHARLACH"),
    ("CAVAN", "AN CABHÁN"),
    ("CLARE", "AN CLÁR"),
    ("CORK", "CORCAIGH"),
    ("DONEGAL", "DÚN NA NGALL"),
    ("DUBLIN", "BAILE ÁTHA CLIATH"),
    ("GALWAY", "GAILLIMH"),
    ("KERRY", "CIARRAÍ"),
    ("KILDARE", "CILL DARA"),
    ("KILKENNY", "CILL CHAINNAIGH"),
    ("LAOIS", "LAOIS"),
    ("LEITRIM", "LIATROIM"),
    ("LIMERICK", "LUIMNEACH"),
    ("LONGFORD", "AN LONGFORT"),
    ("LOUTH", "LÚ"),
    ("MAYO", "MAIGH EO"),
    ("MEATH", "AN MHÍ"),
    ("MONAGHAN", "MUINEACHÁIN"),
    ("OFFALY", "UIBH FHAILÍ"),
    ("ROSCOMMON", "ROS COMÁIN"),
    ("SLIGO", "SLIGEACH"),
    ("TIPPERARY", "TIOBRAID ÁIRAINN"),
    ("WATERFORD", "PORT LÁIRGE"),
    ("WESTMEATH", "AN IARMHÍ"),
    ("WEXFORD", "LOCH GARMAN"),
    ("WICKLOW", "CILL MHAINTÁIN"),
];

/// The county line the postal rules left out: `CO. DUBLIN` (`CO. BHAILE ÁTHA CLIATH`) after a
/// Dublin district, `CO. <TOWN>` after a post town named like its county. `None` when the post
/// town is neither: the address has no county to show.
fn infer_county(units: &[Unit]) -> Option<AddressElement> {
    let town = units
        .iter()
        .flat_map(|u| u.parts.iter())
        .flat_map(|p| p.elements.iter())
        .rev()
        .find(|e| {
            matches!(
                e.kind,
                ElementType::PostTown | ElementType::DublinPostalArea
            )
        })?;
    let upper = plain_letters(&town.value.trim().to_uppercase());
    let value = if town.kind == ElementType::DublinPostalArea {
        if upper.starts_with("BAILE ATHA CLIATH") {
            "CO. BHAILE ÁTHA CLIATH".to_string()
        } else {
            "CO. DUBLIN".to_string()
        }
    } else {
        let named = COUNTIES
            .iter()
            .any(|(en, ga)| upper == *en || upper == plain_letters(ga));
        if !named {
            return None;
        }
        format!("CO. {}", town.value.trim().to_uppercase())
    };
    // Follow the address's case: vanity addresses are mixed case.
    let value = if town.value.chars().any(char::is_lowercase) {
        mixed_case(&value)
    } else {
        value
    };
    Some(AddressElement {
        value,
        kind: ElementType::County,
        id: 0,
    })
}

#[cfg(test)]
#[path = "fit_tests.rs"]
mod tests;
