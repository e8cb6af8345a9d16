//! The round trip's scores and failures ([`super::roundtrip`]): per language, variant and class
//! the share of points answered right and the confident wrong answers; failures grouped by
//! class, result code and where the point stands in the answer, with examples.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::roundtrip::{Answer, Expect, GroupKey, Lang, Relation, ScoreKey, Variant, Verdict};

/// One class's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClassScore {
    /// Points sent.
    pub n: u64,
    /// Answered right.
    pub right: u64,
    /// Answered 100/110/120/130/200 naming another point.
    pub confident_wrong: u64,
}

impl ClassScore {
    /// The share answered right (1 when there were none).
    pub fn rate(&self) -> f64 {
        if self.n == 0 {
            1.0
        } else {
            self.right as f64 / self.n as f64
        }
    }

    fn merge(&mut self, o: &ClassScore) {
        self.n += o.n;
        self.right += o.right;
        self.confident_wrong += o.confident_wrong;
    }
}

/// One point answered wrongly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Language sent.
    pub lang: Lang,
    /// Variant sent.
    pub variant: Variant,
    /// The point's class.
    pub expect: Expect,
    /// The point's id.
    pub point: u64,
    /// The text sent.
    pub text: String,
    /// The result code.
    pub result: u16,
    /// Where the point stands in the answer.
    pub relation: Relation,
    /// The answer's id.
    pub got_id: Option<u64>,
    /// The answer's address.
    pub got: String,
    /// The first option other than the answer's own address.
    pub rival: String,
    /// A confident answer naming another point.
    pub confident_wrong: bool,
}

/// Failures of one language, variant, class, result code and [`Relation`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FailureGroup {
    /// How many.
    pub count: u64,
    /// The first few, by point id.
    pub examples: Vec<Failure>,
}

/// The round trip's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundTripReport {
    /// Per language, variant and class.
    pub scores: BTreeMap<ScoreKey, ClassScore>,
    /// Per language and variant, by (class, code, relation).
    pub groups: BTreeMap<(Lang, Variant, GroupKey), FailureGroup>,
    /// Every failure, by language, variant and point (kept when asked for).
    pub failures: Vec<Failure>,
    /// Examples kept per group.
    examples: usize,
    /// Keep every failure in `failures`.
    keep_all: bool,
}

impl RoundTripReport {
    /// An empty report keeping `examples` per group, and every failure when `keep_all`.
    pub fn new(examples: usize, keep_all: bool) -> Self {
        RoundTripReport {
            examples,
            keep_all,
            ..RoundTripReport::default()
        }
    }

    /// Counts one answered point.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        lang: Lang,
        variant: Variant,
        expect: Expect,
        point: u64,
        text: String,
        answer: &Answer,
        verdict: Verdict,
    ) {
        let s = self.scores.entry((lang, variant, expect)).or_default();
        s.n += 1;
        if verdict.right {
            s.right += 1;
            return;
        }
        if verdict.confident_wrong {
            s.confident_wrong += 1;
        }
        let f = Failure {
            lang,
            variant,
            expect,
            point,
            text,
            result: answer.result,
            relation: verdict.relation,
            got_id: answer.address_id,
            got: answer.postal.join(", "),
            rival: answer.rival.clone().unwrap_or_default(),
            confident_wrong: verdict.confident_wrong,
        };
        let g = self
            .groups
            .entry((lang, variant, (expect, answer.result, verdict.relation)))
            .or_default();
        g.count += 1;
        if g.examples.len() < self.examples {
            g.examples.push(f.clone());
        }
        if self.keep_all {
            self.failures.push(f);
        }
    }

    /// Both reports' counts together (examples: the lowest point ids of both).
    pub fn merge(mut self, other: RoundTripReport) -> RoundTripReport {
        for (k, s) in &other.scores {
            self.scores.entry(*k).or_default().merge(s);
        }
        for (k, g) in other.groups {
            let mine = self.groups.entry(k).or_default();
            mine.count += g.count;
            mine.examples.extend(g.examples);
            mine.examples.sort_by_key(|f| f.point);
            mine.examples.truncate(self.examples);
        }
        self.failures.extend(other.failures);
        self
    }

    /// Orders the failures (the parallel run collects them in any order).
    pub fn finish(&mut self) {
        self.failures.sort_by_key(|f| (f.lang, f.variant, f.point));
    }

    /// Totals of one class over every language and variant run.
    pub fn class_total(&self, expect: Expect) -> ClassScore {
        let mut t = ClassScore::default();
        for ((_, _, e), s) in &self.scores {
            if *e == expect {
                t.merge(s);
            }
        }
        t
    }

    /// Confident wrong answers over everything run.
    pub fn confident_wrong(&self) -> u64 {
        self.scores.values().map(|s| s.confident_wrong).sum()
    }

    /// The scores table, then each language and variant's failure groups, biggest first, with
    /// examples (at most `max_groups` per language and variant).
    pub fn to_markdown(&self, max_groups: usize) -> String {
        let mut out = String::new();
        out.push_str(
            "| lang | variant | class | points | right | rate | confident wrong |\n\
             |---|---|---|---:|---:|---:|---:|\n",
        );
        for ((lang, variant, expect), s) in &self.scores {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {:.3}% | {} |",
                lang.code(),
                variant.name(),
                expect.name(),
                s.n,
                s.right,
                s.rate() * 100.0,
                s.confident_wrong
            );
        }
        let mut runs: Vec<(Lang, Variant)> = self.scores.keys().map(|k| (k.0, k.1)).collect();
        runs.dedup();
        for (lang, variant) in runs {
            let mut groups: Vec<(&GroupKey, &FailureGroup)> = self
                .groups
                .iter()
                .filter(|((l, v, _), _)| *l == lang && *v == variant)
                .map(|((_, _, k), g)| (k, g))
                .collect();
            if groups.is_empty() {
                continue;
            }
            groups.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
            let _ = writeln!(
                out,
                "\n### {} {}: failures by class, result and where the point stands\n",
                lang.code(),
                variant.name()
            );
            for ((expect, code, relation), g) in groups.iter().take(max_groups) {
                let _ = writeln!(
                    out,
                    "- **{} → {code}, {}**: {}",
                    expect.name(),
                    relation.name(),
                    g.count
                );
                for f in &g.examples {
                    let _ = write!(
                        out,
                        "  - {} `{}` → {} {} `{}`",
                        f.point,
                        f.text,
                        f.result,
                        f.got_id.map_or_else(|| "-".to_string(), |i| i.to_string()),
                        f.got
                    );
                    if !f.rival.is_empty() {
                        let _ = write!(out, " beside `{}`", f.rival);
                    }
                    out.push('\n');
                }
            }
            if groups.len() > max_groups {
                let rest: u64 = groups[max_groups..].iter().map(|(_, g)| g.count).sum();
                let _ = writeln!(out, "- {} more groups: {rest}", groups.len() - max_groups);
            }
        }
        out
    }

    /// Every kept failure as TSV lines (with a header): lang, variant, class, point, result,
    /// relation, confident wrong, got id, text, got, rival (the first other option).
    pub fn failures_tsv(&self) -> String {
        let mut out = String::from(
            "lang\tvariant\tclass\tpoint\tresult\trelation\tconfident_wrong\tgot_id\ttext\tgot\trival\n",
        );
        for f in &self.failures {
            let _ = writeln!(
                out,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                f.lang.code(),
                f.variant.name(),
                f.expect.name(),
                f.point,
                f.result,
                f.relation.name(),
                f.confident_wrong,
                f.got_id.map_or_else(String::new, |i| i.to_string()),
                f.text,
                f.got,
                f.rival
            );
        }
        out
    }
}
