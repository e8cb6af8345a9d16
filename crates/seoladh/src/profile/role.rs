//! What each line of an address stands for, so the share and drop rules can name it.

use crate::ecad::address::{AddressElement, ElementType};

/// The role of one line of an address, named in profile files in snake case (`post_town`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LineRole {
    /// The department of an organisation (the first of two organisation lines).
    Department,
    /// The organisation.
    Organisation,
    /// A sub-building line of its own (`FLAT 1`).
    SubBuilding,
    /// The building name (with a number-like sub-building before it: `2A ROSE COURT`).
    BuildingName,
    /// The building group (with the building number before it: `8 SILVER BIRCHES`).
    BuildingGroup,
    /// The primary thoroughfare (with the building number before it: `22 DAME STREET`).
    Thoroughfare,
    /// The second thoroughfare line.
    SecondaryThoroughfare,
    /// The primary locality (townland, village, suburb).
    Locality,
    /// The second locality line.
    SecondaryLocality,
    /// The post town or Dublin postal district.
    PostTown,
    /// The county line (`CO. MEATH`).
    County,
    /// The Eircode line.
    Eircode,
    /// A building number on a line of its own (nothing to prefix); never dropped.
    Number,
    /// A line of unknown elements; never dropped.
    Other,
}

/// Every role a profile file may name, with its name there.
const NAMES: [(LineRole, &str); 12] = [
    (LineRole::Department, "department"),
    (LineRole::Organisation, "organisation"),
    (LineRole::SubBuilding, "sub_building"),
    (LineRole::BuildingName, "building_name"),
    (LineRole::BuildingGroup, "building_group"),
    (LineRole::Thoroughfare, "thoroughfare"),
    (LineRole::SecondaryThoroughfare, "secondary_thoroughfare"),
    (LineRole::Locality, "locality"),
    (LineRole::SecondaryLocality, "secondary_locality"),
    (LineRole::PostTown, "post_town"),
    (LineRole::County, "county"),
    (LineRole::Eircode, "eircode"),
];

/// Share rules used when a profile names none: a sub-building joins its building, a locality
/// joins the next locality or the post town, the county joins the post town.
pub(crate) const DEFAULT_SHARE: [(LineRole, LineRole); 6] = [
    (LineRole::SubBuilding, LineRole::BuildingName),
    (LineRole::Department, LineRole::Organisation),
    (LineRole::SecondaryLocality, LineRole::PostTown),
    (LineRole::Locality, LineRole::PostTown),
    (LineRole::Locality, LineRole::SecondaryLocality),
    (LineRole::PostTown, LineRole::County),
];

/// Drop order used when a profile names none, least important first.
pub(crate) const DEFAULT_DROP: [LineRole; 9] = [
    LineRole::SecondaryLocality,
    LineRole::Locality,
    LineRole::Department,
    LineRole::SecondaryThoroughfare,
    LineRole::County,
    LineRole::BuildingName,
    LineRole::Organisation,
    LineRole::BuildingGroup,
    LineRole::SubBuilding,
];

impl LineRole {
    /// The name used in profile files (`post_town`); `None` for the internal roles.
    pub fn config_name(self) -> Option<&'static str> {
        NAMES.iter().find(|(r, _)| *r == self).map(|(_, n)| *n)
    }

    /// The role a profile file names (case-insensitive, `-` read as `_`).
    pub fn from_config_name(name: &str) -> Option<LineRole> {
        let name = name.trim().to_ascii_lowercase().replace('-', "_");
        NAMES.iter().find(|(_, n)| *n == name).map(|(r, _)| *r)
    }

    /// Every name a profile file may use, for error messages.
    pub fn config_names() -> impl Iterator<Item = &'static str> {
        NAMES.iter().map(|(_, n)| *n)
    }

    /// Whether the rules forbid dropping this role: the thoroughfare and the post town place the
    /// address; a lone number or an unknown line cannot be judged.
    pub fn is_never_dropped(self) -> bool {
        matches!(
            self,
            LineRole::Thoroughfare | LineRole::PostTown | LineRole::Number | LineRole::Other
        )
    }
}

fn is_locality(kind: ElementType) -> bool {
    matches!(
        kind,
        ElementType::Locality
            | ElementType::Village
            | ElementType::Town
            | ElementType::City
            | ElementType::UrbanArea
            | ElementType::RuralLocality
    )
}

/// The role of each line, from its main element (the last one that is not the building number),
/// counting repeats: the first of two organisation lines is the department, the second
/// thoroughfare and locality lines are the secondary ones.
pub(crate) fn assign(lines: &[Vec<AddressElement>]) -> Vec<LineRole> {
    let main = |line: &Vec<AddressElement>| {
        line.iter()
            .rev()
            .map(|e| e.kind)
            .find(|k| *k != ElementType::BuildingNumber)
    };
    let organisations = lines
        .iter()
        .filter(|l| main(l) == Some(ElementType::Organisation))
        .count();
    let (mut orgs, mut thoroughfares, mut localities) = (0usize, 0usize, 0usize);
    lines
        .iter()
        .map(|line| match main(line) {
            None if line.is_empty() => LineRole::Other,
            None => LineRole::Number,
            Some(ElementType::Organisation) => {
                orgs += 1;
                if organisations > 1 && orgs == 1 {
                    LineRole::Department
                } else {
                    LineRole::Organisation
                }
            }
            Some(ElementType::AddressPointName) => LineRole::SubBuilding,
            Some(ElementType::BuildingName) => LineRole::BuildingName,
            Some(ElementType::BuildingGroup) => LineRole::BuildingGroup,
            Some(ElementType::Thoroughfare) => {
                thoroughfares += 1;
                if thoroughfares == 1 {
                    LineRole::Thoroughfare
                } else {
                    LineRole::SecondaryThoroughfare
                }
            }
            Some(k) if is_locality(k) => {
                localities += 1;
                if localities == 1 {
                    LineRole::Locality
                } else {
                    LineRole::SecondaryLocality
                }
            }
            Some(ElementType::PostTown | ElementType::DublinPostalArea) => LineRole::PostTown,
            Some(ElementType::County) => LineRole::County,
            Some(ElementType::Eircode) => LineRole::Eircode,
            Some(_) => LineRole::Other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(kind: ElementType, value: &str) -> AddressElement {
        AddressElement {
            value: value.to_string(),
            kind,
            id: 1,
        }
    }

    #[test]
    fn config_names_round_trip() {
        for name in LineRole::config_names() {
            let role = LineRole::from_config_name(name);
            assert_eq!(role.and_then(LineRole::config_name), Some(name));
        }
        assert_eq!(
            LineRole::from_config_name("Post-Town"),
            Some(LineRole::PostTown)
        );
        assert_eq!(LineRole::from_config_name("number"), None);
        assert_eq!(LineRole::Number.config_name(), None);
    }

    #[test]
    fn repeated_lines_get_secondary_roles() {
        let lines = vec![
            vec![el(ElementType::Organisation, "ACCOUNTS DEPARTMENT")],
            vec![el(ElementType::Organisation, "ACME LTD")],
            vec![
                el(ElementType::BuildingNumber, "8"),
                el(ElementType::Thoroughfare, "MAIN STREET"),
            ],
            vec![el(ElementType::Thoroughfare, "BACK LANE")],
            vec![el(ElementType::Village, "MILLFARM")],
            vec![el(ElementType::RuralLocality, "CLONEE")],
            vec![el(ElementType::DublinPostalArea, "DUBLIN 15")],
            vec![el(ElementType::Eircode, "D15 X2Y3")],
            vec![el(ElementType::BuildingNumber, "4")],
        ];
        assert_eq!(
            assign(&lines),
            vec![
                LineRole::Department,
                LineRole::Organisation,
                LineRole::Thoroughfare,
                LineRole::SecondaryThoroughfare,
                LineRole::Locality,
                LineRole::SecondaryLocality,
                LineRole::PostTown,
                LineRole::Eircode,
                LineRole::Number,
            ]
        );
    }

    #[test]
    fn a_lone_organisation_is_not_a_department() {
        let lines = vec![vec![el(ElementType::Organisation, "ACME LTD")]];
        assert_eq!(assign(&lines), vec![LineRole::Organisation]);
    }
}
