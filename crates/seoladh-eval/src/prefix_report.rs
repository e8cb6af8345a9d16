//! Scores an engine's answers to a [`PrefixSet`]: per prefix length and kind, how often the
//! target is in the top [`TOP_N`] as itself and as itself or a grouped option holding it; from
//! the keystroke scripts, how many characters are typed before it shows as itself; and the
//! latency of every answer.
//!
//! Any engine can be scored: [`run`] takes a closure from the text typed to the option ids, in
//! order (a grouped option's id is its group's).

use std::fmt::Write as _;
use std::time::Instant;

use super::keystrokes::{first_found, Keystroke, KeystrokeReport, ScriptKind, TOP_N};
use super::prefixes::{PrefixCase, PrefixKind, PrefixSet, MAX_PREFIX_WORDS};

/// Target found among one group of prefixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cell {
    /// Prefixes.
    pub n: usize,
    /// With the target in the top [`TOP_N`] as itself.
    pub itself: usize,
    /// With the target in the top [`TOP_N`] as itself or inside a grouped option.
    pub grouped: usize,
}

impl Cell {
    fn add(&mut self, itself: bool, grouped: bool) {
        self.n += 1;
        self.itself += usize::from(itself);
        self.grouped += usize::from(itself || grouped);
    }

    /// Share found as itself, in percent.
    pub fn itself_pct(&self) -> f64 {
        pct(self.itself, self.n)
    }

    /// Share found as itself or in a group, in percent.
    pub fn grouped_pct(&self) -> f64 {
        pct(self.grouped, self.n)
    }
}

fn pct(a: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * a as f64 / n as f64
    }
}

/// The benchmark's results for one engine.
#[derive(Debug, Clone, PartialEq)]
pub struct PrefixReport {
    /// The engine's name, as the report shows it.
    pub engine: String,
    /// Whether the engine offers grouped options (otherwise "itself or group" is not shown).
    pub groups: bool,
    /// `cells[words - 1][kind]`, kinds in [`PrefixKind::ALL`] order.
    pub cells: Vec<Vec<Cell>>,
    /// Prefix answers' latency: median, p99, max (µs).
    pub latency_us: [u64; 3],
    /// The text scripts (plain, typo, Irish) typed character by character.
    pub text: KeystrokeReport,
    /// The Eircode scripts.
    pub eircode: KeystrokeReport,
    /// Per script, in file order: the characters typed until the target was in the top
    /// [`TOP_N`] as itself (`None`: never).
    pub found_at: Vec<Option<u32>>,
}

/// Whether the top [`TOP_N`] of `ids` holds the case's target: as itself, and as a holder.
pub fn found(case: &PrefixCase, ids: &[u64]) -> (bool, bool) {
    let top = &ids[..ids.len().min(TOP_N)];
    (
        top.contains(&case.target),
        top.iter().any(|id| case.holders.contains(id)),
    )
}

/// Answers every prefix, then every keystroke of every script, one at a time in file order
/// (after one warm-up pass over the first script), and scores the answers. Returns the report
/// and the prefixes' answers.
pub fn run(
    engine: &str,
    groups: bool,
    set: &PrefixSet,
    mut answer: impl FnMut(&str) -> Vec<u64>,
) -> (PrefixReport, Vec<Vec<u64>>) {
    if let Some(s) = set.scripts.first() {
        for p in &s.prefixes {
            std::hint::black_box(answer(p));
        }
    }
    let mut micros = Vec::with_capacity(set.cases.len());
    let mut answers = Vec::with_capacity(set.cases.len());
    for c in &set.cases {
        let t = Instant::now();
        let ids = answer(&c.text);
        micros.push(t.elapsed().as_micros() as u64);
        answers.push(ids);
    }
    let runs: Vec<Vec<Keystroke>> = set
        .scripts
        .iter()
        .map(|s| {
            s.prefixes
                .iter()
                .map(|p| {
                    let t = Instant::now();
                    let option_ids = answer(p);
                    Keystroke {
                        latency_us: t.elapsed().as_micros() as u64,
                        option_ids,
                    }
                })
                .collect()
        })
        .collect();
    let report = PrefixReport::compute(engine, groups, set, &answers, &micros, &runs);
    (report, answers)
}

/// Writes the characters each script typed until its target was in the top 5 as itself: a
/// TSV of script id, kind, target and characters (empty: never), to compare engines script
/// by script.
pub fn write_found_at(
    out: &mut impl std::io::Write,
    set: &PrefixSet,
    report: &PrefixReport,
) -> std::io::Result<()> {
    writeln!(out, "script\tkind\ttarget\tchars")?;
    for (s, at) in set.scripts.iter().zip(&report.found_at) {
        let at = at.map_or(String::new(), |c| c.to_string());
        writeln!(out, "{}\t{:?}\t{}\t{at}", s.id, s.kind, s.target_id)?;
    }
    out.flush()
}

fn percentile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (q * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1]
}

impl PrefixReport {
    /// Scores `answers` (one per case) and `runs` (one keystroke list per script).
    pub fn compute(
        engine: &str,
        groups: bool,
        set: &PrefixSet,
        answers: &[Vec<u64>],
        micros: &[u64],
        runs: &[Vec<Keystroke>],
    ) -> PrefixReport {
        let mut cells = vec![vec![Cell::default(); PrefixKind::ALL.len()]; MAX_PREFIX_WORDS];
        for (c, ids) in set.cases.iter().zip(answers) {
            let (itself, grouped) = found(c, ids);
            let k = PrefixKind::ALL
                .iter()
                .position(|&k| k == c.kind)
                .unwrap_or(0);
            if let Some(cell) = cells.get_mut(c.words.saturating_sub(1)) {
                cell[k].add(itself, grouped);
            }
        }
        let mut sorted = micros.to_vec();
        sorted.sort_unstable();
        let scored = |eircode: bool| {
            KeystrokeReport::compute(
                set.scripts
                    .iter()
                    .zip(runs)
                    .filter(|(s, _)| (s.kind == ScriptKind::Eircode) == eircode)
                    .map(|(s, k)| (s, k.as_slice())),
            )
        };
        PrefixReport {
            engine: engine.to_string(),
            groups,
            cells,
            latency_us: [
                percentile(&sorted, 0.5),
                percentile(&sorted, 0.99),
                sorted.last().copied().unwrap_or(0),
            ],
            text: scored(false),
            eircode: scored(true),
            found_at: set
                .scripts
                .iter()
                .zip(runs)
                .map(|(s, k)| first_found(s, k).map(|(chars, _)| chars))
                .collect(),
        }
    }

    /// The prefixes of `words` words (all kinds).
    pub fn by_words(&self, words: usize) -> Cell {
        self.cells
            .get(words.saturating_sub(1))
            .map(|row| sum(row.iter()))
            .unwrap_or_default()
    }

    /// Every prefix.
    pub fn overall(&self) -> Cell {
        sum(self.cells.iter().flatten())
    }

    /// The report as Markdown.
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "**{}**: {} prefixes answered in median {} µs, p99 {} µs, max {} µs.\n",
            self.engine,
            self.overall().n,
            self.latency_us[0],
            self.latency_us[1],
            self.latency_us[2]
        );
        let _ = write!(
            s,
            "| words | n | target in top {TOP_N} itself | itself or group |"
        );
        for k in PrefixKind::ALL {
            let _ = write!(s, " {} |", k.name());
        }
        s.push_str("\n|---|---:|---:|---:|");
        s.push_str(&"---:|".repeat(PrefixKind::ALL.len()));
        s.push('\n');
        let group = |c: &Cell| {
            if self.groups {
                format!("{:.1}%", c.grouped_pct())
            } else {
                "–".to_string()
            }
        };
        let mut row = |name: String, all: Cell, kinds: Vec<Cell>| {
            let _ = write!(
                s,
                "| {name} | {} | {:.1}% | {} |",
                all.n,
                all.itself_pct(),
                group(&all)
            );
            for c in kinds {
                let _ = write!(s, " {:.1}% / {} |", c.itself_pct(), group(&c));
            }
            s.push('\n');
        };
        for w in 1..=MAX_PREFIX_WORDS {
            row(w.to_string(), self.by_words(w), self.cells[w - 1].clone());
        }
        let kinds: Vec<Cell> = (0..PrefixKind::ALL.len())
            .map(|k| sum(self.cells.iter().map(|row| &row[k])))
            .collect();
        row("**all**".to_string(), self.overall(), kinds);
        let _ = writeln!(
            s,
            "\nKind cells: itself / itself or group. Keystroke scripts, characters typed until the \
             target is in the top {TOP_N} as itself:\n"
        );
        let _ = writeln!(s, "| scripts | n | found | chars median | chars p90 |");
        s.push_str("|---|---:|---:|---:|---:|\n");
        for f in &self.text.find {
            let name = f.kind.map_or("**plain + typo + irish**", ScriptKind::name);
            let _ = writeln!(
                s,
                "| {name} | {} | {:.1}% | {} | {} |",
                f.scripts,
                pct(f.found, f.scripts),
                f.chars_median,
                f.chars_p90
            );
        }
        let lengths: Vec<String> = self
            .eircode
            .eircode_by_length
            .iter()
            .map(|r| {
                format!(
                    "{} characters {}/{} ({:.1}%)",
                    r.chars,
                    r.found,
                    r.sent,
                    pct(r.found, r.sent)
                )
            })
            .collect();
        let _ = writeln!(
            s,
            "\nEircode prefixes with the address in the top {TOP_N}: {}.",
            lengths.join(", ")
        );
        let _ = writeln!(
            s,
            "Keystrokes: {} answered in median {} µs, p99 {} µs, max {} µs.",
            self.text.keystrokes + self.eircode.keystrokes,
            self.text
                .latency_median_us
                .max(self.eircode.latency_median_us),
            self.text.latency_p99_us.max(self.eircode.latency_p99_us),
            self.text.latency_max_us.max(self.eircode.latency_max_us)
        );
        s
    }
}

fn sum<'a>(cells: impl Iterator<Item = &'a Cell>) -> Cell {
    cells.fold(Cell::default(), |a, c| Cell {
        n: a.n + c.n,
        itself: a.itself + c.itself,
        grouped: a.grouped + c.grouped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keystrokes::{prefixes, KeystrokeScript};

    fn case(kind: PrefixKind, words: usize, text: &str) -> PrefixCase {
        PrefixCase {
            id: format!("{}-{words}", kind.name()),
            kind,
            words,
            target: 7,
            holders: vec![70, 700],
            text: text.into(),
        }
    }

    #[test]
    fn prefixes_count_as_themselves_or_in_their_group() {
        let script = KeystrokeScript {
            id: "plain-0".into(),
            kind: ScriptKind::Plain,
            target_id: 7,
            text: "8 Ash".into(),
            prefixes: prefixes("8 Ash"),
            shared_early: 1,
        };
        let set = PrefixSet {
            cases: vec![
                case(PrefixKind::Plain, 1, "8"),
                case(PrefixKind::Lower, 2, "8 a"),
                case(PrefixKind::Lower, 2, "8 as"),
                case(PrefixKind::Typo, 3, "8 Ahs R"),
            ],
            scripts: vec![script],
        };
        // The target itself 6th, then its street 1st, itself 2nd, nothing.
        let answers = vec![vec![1, 2, 3, 4, 5, 7], vec![70, 1], vec![1, 7], vec![]];
        let runs = vec![(0..5)
            .map(|i| Keystroke {
                latency_us: 10 * (i + 1),
                option_ids: if i >= 3 { vec![7] } else { vec![] },
            })
            .collect()];
        let r = PrefixReport::compute("test", true, &set, &answers, &[4, 3, 2, 1], &runs);
        assert_eq!(
            r.by_words(1),
            Cell {
                n: 1,
                itself: 0,
                grouped: 0
            }
        );
        assert_eq!(
            r.by_words(2),
            Cell {
                n: 2,
                itself: 1,
                grouped: 2
            }
        );
        assert_eq!(
            r.overall(),
            Cell {
                n: 4,
                itself: 1,
                grouped: 2
            }
        );
        assert_eq!(r.latency_us, [2, 4, 4]);
        let plain = &r.text.find[0];
        assert_eq!((plain.found, plain.chars_median), (1, 4.0));
        let md = r.to_markdown();
        assert!(md.contains("| 2 | 2 | 50.0% | 100.0% |"), "{md}");
        assert!(md.contains("| plain | 1 | 100.0% | 4 | 4 |"), "{md}");
        let peer = PrefixReport::compute("peer", false, &set, &answers, &[1; 4], &runs);
        assert!(peer.to_markdown().contains("| 2 | 2 | 50.0% | – |"));
    }
}
