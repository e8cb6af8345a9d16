//! Autocomplete keystroke scripts and their report.
//!
//! A script is an address typed one character at a time, the way users type it: the display name
//! in mixed case with commas optional, sometimes with one typo, sometimes in Irish (fadas often
//! left out), or an Eircode. The caller sends every prefix to autocomplete and hands back, per
//! keystroke, the latency and the option ids; [`KeystrokeReport`] says how fast the engine was
//! and how soon the target reached the top [`TOP_N`].

use std::collections::HashMap;
use std::fmt::Write as _;

use rayon::prelude::*;

use super::corrupt::{eircode_form, fold_fadas, typo_line};
use super::rng::SplitMix64;
use super::select::{self, Rendered};
use seoladh::ecad::address::{mixed_case, postal_address, Language, Lookup};
use seoladh::ecad::Dataset;

/// How many leading options count as "found".
pub const TOP_N: usize = 5;
/// Eircode prefixes with at least this many characters (spaces not counted) should find their
/// address in the top [`TOP_N`].
pub const EIRCODE_PREFIX_MIN_CHARS: usize = 5;
/// The report's early-find threshold, in tokens typed.
pub const EARLY_TOKENS: usize = 3;

/// What a script types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptKind {
    /// The English display name.
    Plain,
    /// The English display name with one typo.
    Typo,
    /// The Irish display name, fadas kept or dropped.
    Irish,
    /// The Eircode, in one of the usual spellings.
    Eircode,
}

impl ScriptKind {
    /// Every kind, in report order.
    pub const ALL: [ScriptKind; 4] = [
        ScriptKind::Plain,
        ScriptKind::Typo,
        ScriptKind::Irish,
        ScriptKind::Eircode,
    ];

    /// The name used in script ids and the report.
    pub fn name(self) -> &'static str {
        match self {
            ScriptKind::Plain => "plain",
            ScriptKind::Typo => "typo",
            ScriptKind::Irish => "irish",
            ScriptKind::Eircode => "eircode",
        }
    }
}

/// One address typed character by character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeystrokeScript {
    /// Unique and stable: `<kind>-<index>`.
    pub id: String,
    /// What is typed.
    pub kind: ScriptKind,
    /// The address point the user is after.
    pub target_id: u64,
    /// The whole text typed.
    pub text: String,
    /// Every prefix of `text`, one per keystroke, the last being `text` itself.
    pub prefixes: Vec<String>,
    /// Address points whose address (English or Irish) begins with the same first
    /// [`EARLY_TOKENS`] words as the one intended (typo-free; the target included; 1 for an
    /// Eircode). Above [`TOP_N`], no ranking can be sure to show the target by then.
    pub shared_early: u32,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeystrokeOptions {
    /// Scripts per kind (fewer when the dataset has fewer eligible addresses).
    pub per_kind: usize,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for KeystrokeOptions {
    fn default() -> Self {
        KeystrokeOptions {
            per_kind: 100,
            seed: super::DEFAULT_SEED,
        }
    }
}

/// Every prefix of `text`, one per character.
pub fn prefixes(text: &str) -> Vec<String> {
    text.char_indices()
        .map(|(i, c)| text[..i + c.len_utf8()].to_string())
        .collect()
}

/// Hash of the first `n` whitespace words of `text`, each upper-cased, fadas folded and reduced to
/// its letters and digits (so `29,` and `29`, `St.` and `ST`, `Páirc` and `PAIRC` agree).
fn lead_key(text: &str, n: usize) -> u64 {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            fold_fadas(&w.to_uppercase())
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .take(n)
        .collect();
    select::text_key(words.iter().map(String::as_str))
}

/// How many address points begin with each [`lead_key`] of [`EARLY_TOKENS`] words, counting a
/// point once when its English and Irish forms begin alike.
fn lead_counts(ds: &Dataset, lookup: &Lookup) -> HashMap<u64, u32> {
    let keys: Vec<(u64, u64)> = ds
        .address_points
        .par_iter()
        .filter_map(|ap| {
            let parts = lookup.address_point_parts(ap.id)?;
            let key = |lang| {
                lead_key(
                    &Rendered::new(&postal_address(&parts, lang)).lines.join(" "),
                    EARLY_TOKENS,
                )
            };
            Some((key(Language::English), key(Language::Irish)))
        })
        .collect();
    let mut counts: HashMap<u64, u32> = HashMap::new();
    for (en, ga) in keys {
        *counts.entry(en).or_default() += 1;
        if ga != en {
            *counts.entry(ga).or_default() += 1;
        }
    }
    counts
}

fn typed(lines: &[String], rng: &mut SplitMix64) -> String {
    let sep = if rng.chance(1, 2) { ", " } else { " " };
    mixed_case(&lines.join(sep))
}

/// Samples the scripts: `opts.per_kind` of each [`ScriptKind`], targets without replacement from
/// address points whose postal (or Irish) address is unique. Deterministic in `(ds, opts)`.
pub fn scripts(ds: &Dataset, opts: &KeystrokeOptions) -> Vec<KeystrokeScript> {
    let lookup = Lookup::new(ds);
    let pools = select::pools(ds, &lookup);
    let leads = lead_counts(ds, &lookup);
    let mut out = Vec::new();
    for (k, kind) in ScriptKind::ALL.into_iter().enumerate() {
        let mut rng = SplitMix64::stream(opts.seed, 100 + k as u64);
        let mut pool = match kind {
            ScriptKind::Plain | ScriptKind::Typo => pools.unique.clone(),
            ScriptKind::Irish => pools.irish.clone(),
            ScriptKind::Eircode => pools.eircode.clone(),
        };
        let mut made = 0;
        for i in 0..pool.len() {
            if made >= opts.per_kind {
                break;
            }
            let j = i + rng.below(pool.len() - i);
            pool.swap(i, j);
            let Some(ap) = ds.address_points.get(pool[i] as usize) else {
                continue;
            };
            let mut shared = 1;
            let text = match kind {
                ScriptKind::Eircode => {
                    let forms = ["display", "compact", "lower", "lower_spaced"];
                    let Some(&form) = rng.pick(&forms) else {
                        continue;
                    };
                    ap.eircode.as_deref().map(|e| eircode_form(e, form))
                }
                _ => lookup.address_point_parts(ap.id).and_then(|parts| {
                    let lang = match kind {
                        ScriptKind::Irish => Language::Irish,
                        _ => Language::English,
                    };
                    let mut lines = Rendered::new(&postal_address(&parts, lang)).lines;
                    let key = lead_key(&lines.join(" "), EARLY_TOKENS);
                    shared = leads.get(&key).copied().unwrap_or(1);
                    match kind {
                        ScriptKind::Typo => {
                            let candidates: Vec<usize> = (0..lines.len()).collect();
                            let &at = rng.pick(&candidates)?;
                            lines[at] = typo_line(&lines[at], &mut rng)?;
                            Some(typed(&lines, &mut rng))
                        }
                        ScriptKind::Irish if rng.chance(1, 2) => {
                            Some(fold_fadas(&typed(&lines, &mut rng)))
                        }
                        _ => Some(typed(&lines, &mut rng)),
                    }
                }),
            };
            let Some(text) = text.filter(|t| !t.is_empty()) else {
                continue;
            };
            out.push(KeystrokeScript {
                id: format!("{}-{made:05}", kind.name()),
                kind,
                target_id: ap.id,
                prefixes: prefixes(&text),
                text,
                shared_early: shared,
            });
            made += 1;
        }
    }
    out
}

/// What the engine did on one keystroke.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Keystroke {
    /// Time to answer, in microseconds.
    pub latency_us: u64,
    /// The `addressId` of every option returned, in order.
    pub option_ids: Vec<u64>,
}

/// How soon targets were found, for one kind of script (or all).
#[derive(Debug, Clone, PartialEq)]
pub struct FindStats {
    /// The kind, `None` for all scripts together.
    pub kind: Option<ScriptKind>,
    /// Scripts scored.
    pub scripts: usize,
    /// Scripts whose target reached the top [`TOP_N`] at some keystroke.
    pub found: usize,
    /// Median characters typed before the target first reached the top (found scripts).
    pub chars_median: f64,
    /// 90th percentile of the same.
    pub chars_p90: f64,
    /// Median tokens typed before the target first reached the top (found scripts).
    pub tokens_median: f64,
    /// Share of scripts found within the first [`EARLY_TOKENS`] tokens.
    pub within_early_tokens: f64,
    /// Scripts whose first [`EARLY_TOKENS`] words begin at most [`TOP_N`] addresses
    /// ([`KeystrokeScript::shared_early`]): those a ranking can always show by then.
    pub distinct_early: usize,
    /// Share of those found within the first [`EARLY_TOKENS`] tokens.
    pub within_early_tokens_distinct: f64,
}

/// The keystroke benchmark's results.
#[derive(Debug, Clone, PartialEq)]
pub struct KeystrokeReport {
    /// Keystrokes answered.
    pub keystrokes: usize,
    /// Median latency, µs.
    pub latency_median_us: u64,
    /// 99th percentile latency, µs.
    pub latency_p99_us: u64,
    /// Slowest keystroke, µs.
    pub latency_max_us: u64,
    /// The [`SLOWEST_SHOWN`] slowest keystrokes (prefix typed, µs), slowest first.
    pub slowest: Vec<(String, u64)>,
    /// Replays each latency is the median of (1: a single timing).
    pub repeats: usize,
    /// Slowest single timing of any replay, µs (the caller's; 0 when not measured).
    pub timing_max_us: u64,
    /// One row per kind that had scripts, then the row for all.
    pub find: Vec<FindStats>,
    /// Eircode prefixes of [`EIRCODE_PREFIX_MIN_CHARS`]+ characters sent.
    pub eircode_prefixes: usize,
    /// Of those, how many had the target in the top [`TOP_N`].
    pub eircode_prefixes_found: usize,
    /// The same per prefix length (characters without spaces, 5, 6, 7), ascending.
    pub eircode_by_length: Vec<PrefixLengthStats>,
    /// Scripts (not Eircode) whose target ranked lower after a later whole word than after an
    /// earlier one, once it had appeared ([`rank_drops`]).
    pub rank_drop_scripts: Vec<String>,
    /// Scripts checked for rank drops.
    pub rank_checked: usize,
}

/// Keystrokes the report lists by name as the slowest.
pub const SLOWEST_SHOWN: usize = 5;

/// Eircode prefixes of one length and how many found their address in the top [`TOP_N`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrefixLengthStats {
    /// Characters typed, spaces not counted.
    pub chars: usize,
    /// Prefixes of that length sent.
    pub sent: usize,
    /// Of those, with the target in the top [`TOP_N`].
    pub found: usize,
}

/// Nearest-rank percentile of sorted values (`q` in 0..=1); 0 for no values.
fn percentile<T: Copy + Into<f64>>(sorted: &[T], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1].into()
}

fn in_top(k: &Keystroke, target: u64) -> bool {
    k.option_ids.iter().take(TOP_N).any(|&id| id == target)
}

/// Position of `target` among the options (0 = first), `None` when absent.
pub fn rank(k: &Keystroke, target: u64) -> Option<usize> {
    k.option_ids.iter().position(|&id| id == target)
}

/// Keystrokes that end a whole word: the next character typed is a space or a comma, or the
/// script ends there.
pub fn word_ends(script: &KeystrokeScript) -> Vec<usize> {
    let chars: Vec<char> = script.text.chars().collect();
    (0..chars.len())
        .filter(|&i| {
            chars[i].is_alphanumeric()
                && chars
                    .get(i + 1)
                    .map_or(true, |c| c.is_whitespace() || *c == ',')
        })
        .collect()
}

/// Monotonicity of the ranking as the user types whole words: the pairs of whole-word keystrokes
/// `(earlier, later)` where the target had appeared at the earlier one (any rank among the
/// options) and ranks lower — or not at all — at the later one. Empty when the ranking never
/// gets worse with a more specific input.
pub fn rank_drops(script: &KeystrokeScript, keys: &[Keystroke]) -> Vec<(usize, usize)> {
    let ends = word_ends(script);
    let mut best: Option<(usize, usize)> = None; // (keystroke, rank) of the best rank so far
    let mut out = Vec::new();
    for &k in &ends {
        let Some(key) = keys.get(k) else { break };
        let r = rank(key, script.target_id);
        if let Some((at, b)) = best {
            if r.map_or(true, |r| r > b) {
                out.push((at, k));
            }
        }
        if let Some(r) = r {
            if best.map_or(true, |(_, b)| r <= b) {
                best = Some((k, r));
            }
        }
    }
    out
}

/// The last keystroke whose prefix has at most [`EARLY_TOKENS`] tokens (the point by which the
/// target should be in the top [`TOP_N`]).
pub fn early_keystroke(script: &KeystrokeScript) -> Option<usize> {
    script
        .prefixes
        .iter()
        .rposition(|p| p.split_whitespace().count() <= EARLY_TOKENS)
}

/// Where a script first found its target: (characters, tokens) of that prefix.
pub fn first_found(script: &KeystrokeScript, keys: &[Keystroke]) -> Option<(u32, u32)> {
    script
        .prefixes
        .iter()
        .zip(keys)
        .find(|(_, k)| in_top(k, script.target_id))
        .map(|(p, _)| {
            let chars = u32::try_from(p.chars().count()).unwrap_or(u32::MAX);
            let tokens = u32::try_from(p.split_whitespace().count()).unwrap_or(u32::MAX);
            (chars, tokens)
        })
}

fn find_stats(kind: Option<ScriptKind>, runs: &[(&KeystrokeScript, &[Keystroke])]) -> FindStats {
    let mut chars = Vec::new();
    let mut tokens = Vec::new();
    let mut scripts = 0;
    let (mut distinct, mut distinct_early) = (0, 0);
    for (s, keys) in runs
        .iter()
        .filter(|(s, _)| kind.map_or(true, |k| s.kind == k))
    {
        scripts += 1;
        let is_distinct = s.shared_early as usize <= TOP_N;
        distinct += usize::from(is_distinct);
        if let Some((c, t)) = first_found(s, keys) {
            chars.push(c);
            tokens.push(t);
            distinct_early += usize::from(is_distinct && t as usize <= EARLY_TOKENS);
        }
    }
    chars.sort_unstable();
    tokens.sort_unstable();
    let early = tokens
        .iter()
        .filter(|&&t| t as usize <= EARLY_TOKENS)
        .count();
    FindStats {
        kind,
        scripts,
        found: chars.len(),
        chars_median: percentile(&chars, 0.5),
        chars_p90: percentile(&chars, 0.9),
        tokens_median: percentile(&tokens, 0.5),
        within_early_tokens: if scripts == 0 {
            0.0
        } else {
            early as f64 / scripts as f64
        },
        distinct_early: distinct,
        within_early_tokens_distinct: if distinct == 0 {
            0.0
        } else {
            distinct_early as f64 / distinct as f64
        },
    }
}

impl KeystrokeReport {
    /// Scores each script with the keystrokes observed for it (one per prefix, in order; missing
    /// keystrokes count as not found).
    pub fn compute<'a>(
        runs: impl IntoIterator<Item = (&'a KeystrokeScript, &'a [Keystroke])>,
    ) -> Self {
        let runs: Vec<(&KeystrokeScript, &[Keystroke])> = runs.into_iter().collect();
        let mut latencies: Vec<u64> = runs
            .iter()
            .flat_map(|(_, keys)| keys.iter().map(|k| k.latency_us))
            .collect();
        latencies.sort_unstable();
        let pct = |q: f64| -> u64 {
            if latencies.is_empty() {
                return 0;
            }
            let rank = (q * latencies.len() as f64).ceil().max(1.0) as usize;
            latencies[rank.min(latencies.len()) - 1]
        };
        let mut typed: Vec<(&String, u64)> = runs
            .iter()
            .flat_map(|(s, keys)| s.prefixes.iter().zip(keys.iter()))
            .map(|(p, k)| (p, k.latency_us))
            .collect();
        typed.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        // A prefix several scripts share (`A`) is named once, at its slowest.
        let mut slowest: Vec<(String, u64)> = Vec::with_capacity(SLOWEST_SHOWN);
        for (p, us) in typed {
            if slowest.len() == SLOWEST_SHOWN {
                break;
            }
            if !slowest.iter().any(|(q, _)| q == p) {
                slowest.push((p.clone(), us));
            }
        }
        let mut find: Vec<FindStats> = ScriptKind::ALL
            .into_iter()
            .map(|k| find_stats(Some(k), &runs))
            .filter(|f| f.scripts > 0)
            .collect();
        find.push(find_stats(None, &runs));
        let (mut sent, mut hit) = (0, 0);
        let mut by_length: Vec<PrefixLengthStats> = (EIRCODE_PREFIX_MIN_CHARS..=7)
            .map(|chars| PrefixLengthStats {
                chars,
                sent: 0,
                found: 0,
            })
            .collect();
        for (s, keys) in runs.iter().filter(|(s, _)| s.kind == ScriptKind::Eircode) {
            let mut last_len = 0;
            for (p, k) in s.prefixes.iter().zip(keys.iter()) {
                let len = p.chars().filter(|c| !c.is_whitespace()).count();
                if len >= EIRCODE_PREFIX_MIN_CHARS {
                    let found = in_top(k, s.target_id);
                    sent += 1;
                    hit += usize::from(found);
                    // A typed space repeats the previous length: count each length once.
                    if len != last_len {
                        if let Some(row) = by_length.iter_mut().find(|r| r.chars == len) {
                            row.sent += 1;
                            row.found += usize::from(found);
                        }
                    }
                }
                last_len = len;
            }
        }
        let mut rank_drop_scripts = Vec::new();
        let mut rank_checked = 0;
        for (s, keys) in runs.iter().filter(|(s, _)| s.kind != ScriptKind::Eircode) {
            rank_checked += 1;
            if !rank_drops(s, keys).is_empty() {
                rank_drop_scripts.push(s.id.clone());
            }
        }
        KeystrokeReport {
            keystrokes: latencies.len(),
            latency_median_us: pct(0.5),
            latency_p99_us: pct(0.99),
            latency_max_us: latencies.last().copied().unwrap_or(0),
            slowest,
            repeats: 1,
            timing_max_us: 0,
            find,
            eircode_prefixes: sent,
            eircode_prefixes_found: hit,
            eircode_by_length: by_length,
            rank_drop_scripts,
            rank_checked,
        }
    }

    /// The report as Markdown, for the README.
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{} keystrokes: latency median {} µs, p99 {} µs, max {} µs",
            self.keystrokes, self.latency_median_us, self.latency_p99_us, self.latency_max_us
        );
        if self.repeats > 1 {
            let _ = write!(
                s,
                " (each keystroke the median of {} replays; slowest single timing {} µs)",
                self.repeats, self.timing_max_us
            );
        }
        let slowest: Vec<String> = self
            .slowest
            .iter()
            .map(|(p, us)| format!("`{p}` {us} µs"))
            .collect();
        let _ = writeln!(s, ".\nSlowest: {}.\n", slowest.join(", "));
        let _ = writeln!(
            s,
            "| scripts | n | found in top {TOP_N} | chars to find (median / p90) | tokens to find (median) | found within {EARLY_TOKENS} tokens | first {EARLY_TOKENS} words shared by ≤ {TOP_N} addresses | of those, found within {EARLY_TOKENS} tokens |"
        );
        s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for f in &self.find {
            let name = f.kind.map_or("**all**", ScriptKind::name);
            let found = if f.scripts == 0 {
                0.0
            } else {
                100.0 * f.found as f64 / f.scripts as f64
            };
            let _ = writeln!(
                s,
                "| {name} | {} | {found:.1}% | {} / {} | {} | {:.1}% | {} | {:.1}% |",
                f.scripts,
                f.chars_median,
                f.chars_p90,
                f.tokens_median,
                100.0 * f.within_early_tokens,
                f.distinct_early,
                100.0 * f.within_early_tokens_distinct
            );
        }
        let eircode = if self.eircode_prefixes == 0 {
            0.0
        } else {
            100.0 * self.eircode_prefixes_found as f64 / self.eircode_prefixes as f64
        };
        let _ = writeln!(
            s,
            "\nEircode prefixes of {EIRCODE_PREFIX_MIN_CHARS}+ characters with the address in the top {TOP_N}: {}/{} ({eircode:.1}%).",
            self.eircode_prefixes_found, self.eircode_prefixes
        );
        for row in &self.eircode_by_length {
            let pct = if row.sent == 0 {
                0.0
            } else {
                100.0 * row.found as f64 / row.sent as f64
            };
            let _ = writeln!(
                s,
                "- {} characters: {}/{} ({pct:.1}%)",
                row.chars, row.found, row.sent
            );
        }
        let _ = writeln!(
            s,
            "\nRank drops (target ranked lower after a later whole word than after an earlier one): {} of {} text scripts.",
            self.rank_drop_scripts.len(),
            self.rank_checked
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample;

    #[test]
    fn prefixes_are_per_character() {
        assert_eq!(prefixes("Dún"), vec!["D", "Dú", "Dún"]);
        assert!(prefixes("").is_empty());
    }

    #[test]
    fn scripts_cover_every_kind_and_repeat() {
        let ds = sample::dataset();
        let opts = KeystrokeOptions {
            per_kind: 5,
            seed: 3,
        };
        let a = scripts(&ds, &opts);
        assert_eq!(a, scripts(&ds, &opts));
        for kind in ScriptKind::ALL {
            assert_eq!(a.iter().filter(|s| s.kind == kind).count(), 5, "{kind:?}");
        }
        let ids: std::collections::HashSet<u64> = ds.address_points.iter().map(|p| p.id).collect();
        for s in &a {
            assert!(ids.contains(&s.target_id));
            assert_eq!(s.prefixes.last(), Some(&s.text));
            assert_eq!(s.prefixes.len(), s.text.chars().count());
        }
    }

    fn script(kind: ScriptKind, text: &str, target: u64) -> KeystrokeScript {
        KeystrokeScript {
            id: "x".into(),
            kind,
            target_id: target,
            text: text.into(),
            prefixes: prefixes(text),
            shared_early: 1,
        }
    }

    #[test]
    fn report_counts_first_find() {
        let plain = script(ScriptKind::Plain, "8 Silver Birches", 7);
        // Found from the 5th keystroke (`8 Sil`, 2 tokens) on, always 6th of 6 before that.
        let keys: Vec<Keystroke> = (0..plain.prefixes.len())
            .map(|i| Keystroke {
                latency_us: 100 + i as u64,
                option_ids: if i >= 4 {
                    vec![1, 7]
                } else {
                    vec![1, 2, 3, 4, 5, 7]
                },
            })
            .collect();
        let eir = script(ScriptKind::Eircode, "A86 VC04", 9);
        let eir_keys: Vec<Keystroke> = (0..eir.prefixes.len())
            .map(|i| Keystroke {
                latency_us: 50,
                option_ids: if i >= 6 { vec![9] } else { vec![] },
            })
            .collect();
        let r = KeystrokeReport::compute([(&plain, keys.as_slice()), (&eir, eir_keys.as_slice())]);
        assert_eq!(r.keystrokes, 16 + 8);
        assert_eq!(r.latency_max_us, 115);
        assert_eq!(r.slowest.len(), SLOWEST_SHOWN);
        assert_eq!(r.slowest[0], ("8 Silver Birches".to_string(), 115));
        assert_eq!(r.slowest[4].1, 111);
        assert!(r
            .to_markdown()
            .contains("Slowest: `8 Silver Birches` 115 µs, "));
        // 24 latencies: eight of 50 µs, then 100..=115; the 12th (nearest rank) is 103.
        assert_eq!(r.latency_median_us, 103);
        let p = &r.find[0];
        assert_eq!(
            (p.kind, p.scripts, p.found),
            (Some(ScriptKind::Plain), 1, 1)
        );
        assert_eq!((p.chars_median, p.tokens_median), (5.0, 2.0));
        assert_eq!(p.within_early_tokens, 1.0);
        // Spaces do not count: `A86 VC`, `A86 VC0`, `A86 VC04` have 5+ characters; the last 2 hit.
        assert_eq!((r.eircode_prefixes, r.eircode_prefixes_found), (3, 2));
        let by_len: Vec<(usize, usize, usize)> = r
            .eircode_by_length
            .iter()
            .map(|l| (l.chars, l.sent, l.found))
            .collect();
        assert_eq!(by_len, vec![(5, 1, 0), (6, 1, 1), (7, 1, 1)]);
        assert!(r.to_markdown().contains("- 6 characters: 1/1 (100.0%)"));
        assert_eq!((r.rank_checked, r.rank_drop_scripts.len()), (1, 0));
        assert!(r
            .to_markdown()
            .contains("| plain | 1 | 100.0% | 5 / 5 | 2 | 100.0% | 1 | 100.0% |"));
    }

    #[test]
    fn rank_drops_compare_whole_words_only() {
        // Whole words end at keystrokes 0 (`8`), 7 (`8 Silver`) and 15 (`8 Silver Birches`).
        let s = script(ScriptKind::Plain, "8 Silver Birches", 7);
        assert_eq!(word_ends(&s), vec![0, 7, 15]);
        let keys = |ranks: &[(usize, Option<usize>)]| -> Vec<Keystroke> {
            (0..16)
                .map(|i| {
                    let r = ranks.iter().find(|(k, _)| *k == i).and_then(|(_, r)| *r);
                    let mut ids: Vec<u64> = vec![1, 2, 3, 4, 5, 6];
                    if let Some(r) = r {
                        ids.insert(r, 7);
                    }
                    Keystroke {
                        latency_us: 1,
                        option_ids: ids,
                    }
                })
                .collect()
        };
        // Mid-word keystrokes do not count; rank 3 then 0 is an improvement.
        let better = keys(&[(7, Some(3)), (10, None), (15, Some(0))]);
        assert!(rank_drops(&s, &better).is_empty());
        // Rank 1 after `8 Silver`, gone after `8 Silver Birches`: one drop.
        let worse = keys(&[(7, Some(1)), (15, None)]);
        assert_eq!(rank_drops(&s, &worse), vec![(7, 15)]);
        assert_eq!(early_keystroke(&s), Some(15));
    }
}
