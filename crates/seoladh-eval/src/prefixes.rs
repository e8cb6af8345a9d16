//! The prefix benchmark: what a person has typed part of the way through an address, with the
//! address they are after, in one file that any engine can answer.
//!
//! A prefix is the first 1–5 words of a sampled address (English or Irish postal address, the
//! lines joined with or without commas), the last word cut at a random character. Four kinds:
//! - plain: mixed case, as people type with capitals;
//! - lower: all lower case;
//! - Irish: the Irish address, half of them lower-cased, half of those without fadas;
//! - typo: the English address with one typo in one of the typed words, half lower-cased.
//!
//! The file also carries the keystroke scripts of [`keystrokes::scripts`] (every address typed
//! one character at a time), so the characters typed until the target shows come from the same
//! file. [`PrefixSet::write`] and [`PrefixSet::read`] are exact inverses; generation is
//! deterministic in the dataset and the seed.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use super::corrupt::{fold_fadas, typo_eligible, typo_word};
use super::keystrokes::{self, KeystrokeOptions, KeystrokeScript, ScriptKind};
use super::rng::SplitMix64;
use super::select::{self, Rendered};
use seoladh::raw::ecad::address::{mixed_case, postal_address, AddressParts, Language, Lookup};
use seoladh::raw::ecad::Dataset;

/// Most words a prefix holds.
pub const MAX_PREFIX_WORDS: usize = 5;

/// What a prefix looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrefixKind {
    /// Mixed case.
    Plain,
    /// Lower case.
    Lower,
    /// The Irish address.
    Irish,
    /// One typo in a typed word.
    Typo,
}

impl PrefixKind {
    /// Every kind, in report order.
    pub const ALL: [PrefixKind; 4] = [
        PrefixKind::Plain,
        PrefixKind::Lower,
        PrefixKind::Irish,
        PrefixKind::Typo,
    ];

    /// The name in the file and the report.
    pub fn name(self) -> &'static str {
        match self {
            PrefixKind::Plain => "plain",
            PrefixKind::Lower => "lower",
            PrefixKind::Irish => "irish",
            PrefixKind::Typo => "typo",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<PrefixKind> {
        PrefixKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One prefix and the address it is the start of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefixCase {
    /// Unique and stable: `<kind>-<address>-<words>`.
    pub id: String,
    /// What it looks like.
    pub kind: PrefixKind,
    /// Words typed (the last one partly).
    pub words: usize,
    /// ECAD id of the address point.
    pub target: u64,
    /// ECAD ids of the elements holding the address point (building, building group, streets,
    /// localities, post town): a grouped option with one of these ids holds the target.
    pub holders: Vec<u64>,
    /// The text typed.
    pub text: String,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefixOptions {
    /// Addresses sampled (shared evenly by the kinds).
    pub addresses: usize,
    /// Keystroke scripts per [`ScriptKind`].
    pub scripts_per_kind: usize,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for PrefixOptions {
    fn default() -> Self {
        PrefixOptions {
            addresses: 800,
            scripts_per_kind: 100,
            seed: super::DEFAULT_SEED,
        }
    }
}

/// The prefixes and keystroke scripts of one benchmark run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrefixSet {
    /// The prefixes.
    pub cases: Vec<PrefixCase>,
    /// The keystroke scripts.
    pub scripts: Vec<KeystrokeScript>,
}

/// The ECAD ids of the elements holding an address point.
fn holders(parts: &AddressParts) -> Vec<u64> {
    let mut ids: Vec<u64> = [
        &parts.building_group,
        &parts.primary_thoroughfare,
        &parts.secondary_thoroughfare,
        &parts.primary_locality,
        &parts.secondary_locality,
        &parts.post_town,
    ]
    .into_iter()
    .flatten()
    .map(|p| p.id)
    .chain(std::iter::once(parts.building_id))
    .filter(|&id| id != 0)
    .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The word without the punctuation typed after it (`ROAD,` → `ROAD`).
fn bare(word: &str) -> &str {
    word.trim_end_matches(|c: char| !c.is_alphanumeric())
}

/// The first `n` words of `words`, the last cut at a random character (at least one kept); for
/// [`PrefixKind::Typo`], one typo in a word long enough (`None` when none is).
fn cut(words: &[String], n: usize, kind: PrefixKind, rng: &mut SplitMix64) -> Option<String> {
    let mut typed: Vec<String> = words[..n].to_vec();
    let last = bare(&typed[n - 1]).to_string();
    let chars: Vec<char> = last.chars().collect();
    let keep = 1 + rng.below(chars.len().max(1));
    typed[n - 1] = chars[..keep.min(chars.len())].iter().collect();
    if kind == PrefixKind::Typo {
        let eligible: Vec<usize> = (0..n).filter(|&i| typo_eligible(bare(&typed[i]))).collect();
        let &at = rng.pick(&eligible)?;
        let word = bare(&typed[at]).to_string();
        let tail = typed[at][word.len()..].to_string();
        let (typo, _) = typo_word(&word, rng)?;
        typed[at] = typo + &tail;
    }
    let text = typed.join(" ");
    (!text.trim().is_empty()).then_some(text)
}

/// The prefixes of one address: up to [`MAX_PREFIX_WORDS`] of them.
fn address_prefixes(
    parts: &AddressParts,
    kind: PrefixKind,
    address: usize,
    rng: &mut SplitMix64,
) -> Vec<PrefixCase> {
    let lang = match kind {
        PrefixKind::Irish => Language::Irish,
        _ => Language::English,
    };
    let lines = Rendered::new(&postal_address(parts, lang)).lines;
    let sep = if rng.chance(1, 2) { ", " } else { " " };
    let joined = mixed_case(&lines.join(sep));
    let lower = match kind {
        PrefixKind::Plain => false,
        PrefixKind::Lower => true,
        PrefixKind::Irish | PrefixKind::Typo => rng.chance(1, 2),
    };
    let mut text = if lower { joined.to_lowercase() } else { joined };
    if kind == PrefixKind::Irish && lower && rng.chance(1, 2) {
        text = fold_fadas(&text);
    }
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let held = holders(parts);
    (1..=MAX_PREFIX_WORDS.min(words.len()))
        .filter_map(|n| {
            Some(PrefixCase {
                id: format!("{}-{address:04}-{n}", kind.name()),
                kind,
                words: n,
                target: parts.address_point_id,
                holders: held.clone(),
                text: cut(&words, n, kind, rng)?,
            })
        })
        .collect()
}

impl PrefixSet {
    /// Samples `opts.addresses` addresses (a quarter per kind, without replacement, from the
    /// points whose postal address, or Irish address for Irish prefixes, is unique) and the
    /// keystroke scripts. Deterministic in `(ds, opts)`.
    pub fn generate(ds: &Dataset, opts: &PrefixOptions) -> PrefixSet {
        let lookup = Lookup::new(ds);
        let pools = select::pools(ds, &lookup);
        let per_kind = opts.addresses.div_ceil(PrefixKind::ALL.len());
        let mut cases = Vec::new();
        for (k, kind) in PrefixKind::ALL.into_iter().enumerate() {
            let mut rng = SplitMix64::stream(opts.seed, 300 + k as u64);
            let mut pool = match kind {
                PrefixKind::Irish => pools.irish.clone(),
                _ => pools.unique.clone(),
            };
            let mut made = 0;
            for i in 0..pool.len() {
                if made >= per_kind {
                    break;
                }
                let j = i + rng.below(pool.len() - i);
                pool.swap(i, j);
                let Some(parts) = ds
                    .address_points
                    .get(pool[i] as usize)
                    .and_then(|ap| lookup.address_point_parts(ap.id))
                else {
                    continue;
                };
                let made_here = address_prefixes(&parts, kind, made, &mut rng);
                if made_here.is_empty() {
                    continue;
                }
                cases.extend(made_here);
                made += 1;
            }
        }
        let scripts = keystrokes::scripts(
            ds,
            &KeystrokeOptions {
                per_kind: opts.scripts_per_kind,
                seed: opts.seed,
            },
        );
        PrefixSet { cases, scripts }
    }

    /// Writes the set as TSV: one `prefix` row per case (id, kind, words, target, holders, text)
    /// and one `script` row per script (id, kind, addresses sharing the first words, target, `-`,
    /// text).
    pub fn write(&self, mut out: impl Write) -> std::io::Result<()> {
        writeln!(out, "row\tid\tkind\twords\ttarget\tholders\ttext")?;
        for c in &self.cases {
            let holders: Vec<String> = c.holders.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "prefix\t{}\t{}\t{}\t{}\t{}\t{}",
                c.id,
                c.kind.name(),
                c.words,
                c.target,
                holders.join(","),
                c.text
            )?;
        }
        for s in &self.scripts {
            writeln!(
                out,
                "script\t{}\t{}\t{}\t{}\t-\t{}",
                s.id,
                s.kind.name(),
                s.shared_early,
                s.target_id,
                s.text
            )?;
        }
        Ok(())
    }

    /// Reads a set [`PrefixSet::write`] wrote; an error names the first bad line.
    pub fn read(input: impl BufRead) -> Result<PrefixSet, String> {
        let mut set = PrefixSet::default();
        for (n, line) in input.lines().enumerate() {
            let line = line.map_err(|e| format!("line {}: {e}", n + 1))?;
            if n == 0 || line.is_empty() {
                continue;
            }
            let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            let cols: Vec<&str> = line.splitn(7, '\t').collect();
            let [row, id, kind, words, target, holders, text] = cols[..] else {
                return Err(bad("expected 7 tab-separated columns"));
            };
            let target: u64 = target.parse().map_err(|_| bad("target is no id"))?;
            match row {
                "prefix" => set.cases.push(PrefixCase {
                    id: id.to_string(),
                    kind: PrefixKind::from_name(kind).ok_or_else(|| bad("unknown kind"))?,
                    words: words.parse().map_err(|_| bad("words is no number"))?,
                    target,
                    holders: holders
                        .split(',')
                        .filter(|h| !h.is_empty())
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| bad("holders are no ids"))?,
                    text: text.to_string(),
                }),
                "script" => set.scripts.push(KeystrokeScript {
                    id: id.to_string(),
                    kind: ScriptKind::ALL
                        .into_iter()
                        .find(|k| k.name() == kind)
                        .ok_or_else(|| bad("unknown script kind"))?,
                    target_id: target,
                    prefixes: keystrokes::prefixes(text),
                    text: text.to_string(),
                    shared_early: words.parse().map_err(|_| bad("shared is no number"))?,
                }),
                _ => return Err(bad("unknown row type")),
            }
        }
        Ok(set)
    }

    /// A one-line summary: prefixes per word count, scripts per kind.
    pub fn summary(&self) -> String {
        let mut s = format!("{} prefixes (", self.cases.len());
        for n in 1..=MAX_PREFIX_WORDS {
            let count = self.cases.iter().filter(|c| c.words == n).count();
            let _ = write!(s, "{}{n} words: {count}", if n > 1 { ", " } else { "" });
        }
        let _ = write!(s, "), {} keystroke scripts", self.scripts.len());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample;

    #[test]
    fn prefixes_are_deterministic_and_round_trip_through_the_file() {
        let ds = sample::dataset();
        let opts = PrefixOptions {
            addresses: 12,
            scripts_per_kind: 2,
            seed: 5,
        };
        let set = PrefixSet::generate(&ds, &opts);
        assert_eq!(set, PrefixSet::generate(&ds, &opts));
        for kind in PrefixKind::ALL {
            assert!(set.cases.iter().any(|c| c.kind == kind), "{kind:?}");
        }
        for c in &set.cases {
            assert_eq!(c.text.split_whitespace().count(), c.words, "{c:?}");
            assert!(c.holders.len() >= 2, "{c:?}");
        }
        assert!(set.cases.iter().any(|c| c.words == MAX_PREFIX_WORDS));
        let mut file = Vec::new();
        set.write(&mut file).expect("written");
        let read = PrefixSet::read(file.as_slice()).expect("read");
        assert_eq!(read, set);
        assert!(PrefixSet::read(&b"header\nprefix\tx\n"[..]).is_err());
    }

    #[test]
    fn the_last_word_is_cut_and_typos_fall_in_typed_words() {
        let words: Vec<String> = ["12", "Silver", "Birches,", "Dunboyne"]
            .map(String::from)
            .to_vec();
        for seed in 0..50 {
            let mut rng = SplitMix64::new(seed);
            let t = cut(&words, 3, PrefixKind::Plain, &mut rng).expect("cut");
            assert!(t.starts_with("12 Silver B") && !t.contains(','), "{t}");
            let t = cut(&words, 3, PrefixKind::Typo, &mut rng).expect("typo");
            assert_ne!(&t, "12 Silver Birches");
            assert!(t.starts_with("12 "), "{t}");
        }
        // No word of four letters typed: no typo prefix.
        let mut rng = SplitMix64::new(1);
        assert_eq!(cut(&words, 1, PrefixKind::Typo, &mut rng), None);
    }
}
