//! The `format` class: one format change per query (`docs/matching.md` §1), the words themselves
//! untouched, plus a random case change.

use super::corrupt::{abbreviate, eircode_form, glue_number, number_prefix};
use super::rng::SplitMix64;
use super::select::Rendered;
use seoladh::ecad::address::mixed_case;

/// The format changes, named as in query ids (`format-abbrev-00003`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVariant {
    /// All lower case.
    Lower,
    /// Capitalised words (`8 Silver Birches, Millfarm`).
    MixedCase,
    /// Lines separated by spaces only.
    NoCommas,
    /// Doubled spaces, spaces around commas, leading and trailing blanks.
    ExtraSpaces,
    /// The county without `CO.` (`MEATH`, `CO MEATH`).
    CountyBare,
    /// `COUNTY MEATH`.
    CountyWord,
    /// `RD`, `ST`, `AVE`, `PK`, `TCE`, `APT` … with or without a dot.
    Abbreviated,
    /// `NO. 8 SILVER BIRCHES`.
    NumberPrefix,
    /// `8SILVER BIRCHES`.
    GluedNumber,
    /// Two neighbouring elements swapped.
    Swapped,
    /// One element written twice.
    Duplicated,
    /// `DUBLIN 6W` → `D6W`.
    DublinShort,
    /// `DUBLIN 6W` → `DUBLIN6W`.
    DublinGlued,
    /// The Eircode appended with its space (expect 110).
    EircodeSpaced,
    /// The Eircode appended without its space (expect 110).
    EircodeCompact,
}

impl FormatVariant {
    /// Every variant.
    pub const ALL: [FormatVariant; 15] = [
        FormatVariant::Lower,
        FormatVariant::MixedCase,
        FormatVariant::NoCommas,
        FormatVariant::ExtraSpaces,
        FormatVariant::CountyBare,
        FormatVariant::CountyWord,
        FormatVariant::Abbreviated,
        FormatVariant::NumberPrefix,
        FormatVariant::GluedNumber,
        FormatVariant::Swapped,
        FormatVariant::Duplicated,
        FormatVariant::DublinShort,
        FormatVariant::DublinGlued,
        FormatVariant::EircodeSpaced,
        FormatVariant::EircodeCompact,
    ];

    /// The name in query ids.
    pub fn name(self) -> &'static str {
        match self {
            FormatVariant::Lower => "lower",
            FormatVariant::MixedCase => "mixed_case",
            FormatVariant::NoCommas => "no_commas",
            FormatVariant::ExtraSpaces => "extra_spaces",
            FormatVariant::CountyBare => "county_bare",
            FormatVariant::CountyWord => "county_word",
            FormatVariant::Abbreviated => "abbrev",
            FormatVariant::NumberPrefix => "number_prefix",
            FormatVariant::GluedNumber => "glued_number",
            FormatVariant::Swapped => "swapped",
            FormatVariant::Duplicated => "duplicated",
            FormatVariant::DublinShort => "dublin_short",
            FormatVariant::DublinGlued => "dublin_glued",
            FormatVariant::EircodeSpaced => "eircode_spaced",
            FormatVariant::EircodeCompact => "eircode_compact",
        }
    }

    /// Whether the query carries the address's own Eircode (expect 110, not 100).
    pub fn has_eircode(self) -> bool {
        matches!(
            self,
            FormatVariant::EircodeSpaced | FormatVariant::EircodeCompact
        )
    }
}

/// Random case for variants that do not fix the case themselves: kept, lower, or capitalised.
fn random_case(text: String, rng: &mut SplitMix64) -> String {
    match rng.below(3) {
        0 => text.to_lowercase(),
        1 => mixed_case(&text),
        _ => text,
    }
}

fn county_name(line: &str) -> &str {
    line.strip_prefix("CO. ").unwrap_or(line)
}

fn dublin_number(line: &str) -> Option<&str> {
    line.strip_prefix("DUBLIN ")
}

/// Applies `variant` to the address; `None` when it does not apply (no county line, no number,
/// not a Dublin district, no abbreviable word, no Eircode).
pub(crate) fn apply(
    variant: FormatVariant,
    r: &Rendered,
    eircode: Option<&str>,
    rng: &mut SplitMix64,
) -> Option<String> {
    let mut lines = r.lines.clone();
    let joined = |lines: &[String]| lines.join(", ");
    let text = match variant {
        FormatVariant::Lower => return Some(joined(&lines).to_lowercase()),
        FormatVariant::MixedCase => return Some(mixed_case(&joined(&lines))),
        FormatVariant::NoCommas => lines.join(" "),
        FormatVariant::ExtraSpaces => {
            const SEPARATORS: [&str; 4] = [",  ", " , ", ",", "  ,  "];
            let mut text = String::from("  ");
            for (i, line) in lines.iter().enumerate() {
                if i > 0 {
                    text.push_str(SEPARATORS[rng.below(SEPARATORS.len())]);
                }
                text.push_str(&line.replace(' ', "  "));
            }
            text.push_str("   ");
            text
        }
        FormatVariant::CountyBare | FormatVariant::CountyWord => {
            let at = r.county_line?;
            let name = county_name(lines.get(at)?).to_string();
            lines[at] = match (variant, rng.chance(1, 2)) {
                (FormatVariant::CountyWord, _) => format!("COUNTY {name}"),
                (_, true) => format!("CO {name}"),
                _ => name,
            };
            joined(&lines)
        }
        FormatVariant::Abbreviated => {
            let dot = rng.chance(1, 3);
            let mut any = false;
            for line in &mut lines {
                if let Some(short) = abbreviate(line, dot) {
                    *line = short;
                    any = true;
                }
            }
            if !any {
                return None;
            }
            joined(&lines)
        }
        FormatVariant::NumberPrefix | FormatVariant::GluedNumber => {
            let at = lines
                .iter()
                .position(|l| l.starts_with(|c: char| c.is_ascii_digit()))?;
            lines[at] = match variant {
                FormatVariant::NumberPrefix => number_prefix(&lines[at])?,
                _ => glue_number(&lines[at])?,
            };
            joined(&lines)
        }
        FormatVariant::Swapped => {
            if lines.len() < 2 {
                return None;
            }
            let at = rng.below(lines.len() - 1);
            lines.swap(at, at + 1);
            joined(&lines)
        }
        FormatVariant::Duplicated => {
            let at = rng.below(lines.len());
            let line = lines.get(at)?.clone();
            lines.insert(at + 1, line);
            joined(&lines)
        }
        FormatVariant::DublinShort | FormatVariant::DublinGlued => {
            let at = r.dublin_line?;
            let number = dublin_number(lines.get(at)?)?.to_string();
            lines[at] = match variant {
                FormatVariant::DublinShort => format!("D{number}"),
                _ => format!("DUBLIN{number}"),
            };
            joined(&lines)
        }
        FormatVariant::EircodeSpaced => {
            format!("{}, {}", joined(&lines), eircode_form(eircode?, "display"))
        }
        FormatVariant::EircodeCompact => {
            format!("{} {}", joined(&lines), eircode_form(eircode?, "compact"))
        }
    };
    Some(random_case(text, rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(lines: &[&str], county: Option<usize>, dublin: Option<usize>) -> Rendered {
        Rendered {
            lines: lines.iter().map(|s| s.to_string()).collect(),
            county_line: county,
            dublin_line: dublin,
        }
    }

    #[test]
    fn each_variant_changes_only_the_format() {
        let meath = rendered(
            &["8 SILVER BIRCHES", "MILLFARM", "DUNBOYNE", "CO. MEATH"],
            Some(3),
            None,
        );
        let dublin = rendered(
            &["100 KIMMAGE ROAD LOWER", "KIMMAGE", "DUBLIN 6W"],
            None,
            Some(2),
        );
        let mut rng = SplitMix64::new(11);
        let clean = |r: &Rendered| r.lines.join(", ");
        for v in FormatVariant::ALL {
            for r in [&meath, &dublin] {
                let Some(text) = apply(v, r, Some("A86VC04"), &mut rng) else {
                    continue;
                };
                assert_ne!(text, clean(r), "{v:?} left the text unchanged");
                let upper = text.to_uppercase();
                match v {
                    FormatVariant::DublinShort => assert!(upper.contains("D6W"), "{text}"),
                    FormatVariant::DublinGlued => assert!(upper.contains("DUBLIN6W"), "{text}"),
                    FormatVariant::GluedNumber => {
                        assert!(upper.contains("8SILVER") || upper.contains("100KIMMAGE"))
                    }
                    FormatVariant::EircodeSpaced => assert!(upper.ends_with("A86 VC04")),
                    FormatVariant::EircodeCompact => assert!(upper.ends_with(" A86VC04")),
                    FormatVariant::CountyBare => {
                        assert!(!upper.contains("CO. MEATH") && upper.contains("MEATH"))
                    }
                    FormatVariant::CountyWord => assert!(upper.contains("COUNTY MEATH")),
                    FormatVariant::Abbreviated => {
                        assert!(upper.contains("RD") && upper.contains("LWR"), "{text}")
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn inapplicable_variants_say_so() {
        let r = rendered(&["MILLFARM", "DUNBOYNE"], None, None);
        let mut rng = SplitMix64::new(1);
        assert_eq!(apply(FormatVariant::CountyBare, &r, None, &mut rng), None);
        assert_eq!(apply(FormatVariant::DublinShort, &r, None, &mut rng), None);
        assert_eq!(apply(FormatVariant::GluedNumber, &r, None, &mut rng), None);
        assert_eq!(apply(FormatVariant::Abbreviated, &r, None, &mut rng), None);
        assert_eq!(
            apply(FormatVariant::EircodeSpaced, &r, None, &mut rng),
            None
        );
    }
}
