//! Counting a load run: per-phase tallies (before and after the index swap), latency
//! percentiles, and the printed and JSON reports.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// Error messages kept per kind, so a report can show what went wrong without growing.
const KEPT_MESSAGES: usize = 3;

/// Outcomes of the requests of one phase.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Requests taken (each ends as exactly one response or one failure).
    pub sent: u64,
    /// Responses by HTTP status.
    pub statuses: BTreeMap<u16, u64>,
    /// Connections that could not be opened.
    pub connect_errors: u64,
    /// Connections that failed mid-request (reset, closed early, malformed response).
    pub io_errors: u64,
    /// Requests with no answer within the request timeout.
    pub timeouts: u64,
    /// HTTP 200 bodies that do not parse as the operation's response.
    pub bad_bodies: u64,
    /// FindAddress result codes of parsed 200 answers.
    pub find_codes: BTreeMap<u32, u64>,
    /// Autocomplete 200 answers that parsed.
    pub auto_ok: u64,
    /// Microseconds per response (any status).
    pub latencies: Vec<u64>,
    /// A few error messages, for the report.
    pub messages: Vec<String>,
}

impl Tally {
    pub(crate) fn record(&mut self, status: u16, micros: u64) {
        *self.statuses.entry(status).or_default() += 1;
        self.latencies.push(micros);
    }

    pub(crate) fn note_find_code(&mut self, code: u32) {
        *self.find_codes.entry(code).or_default() += 1;
    }

    fn keep(&mut self, message: String) {
        if self.messages.len() < KEPT_MESSAGES {
            self.messages.push(message);
        }
    }

    pub(crate) fn note_connect_error(&mut self, e: &std::io::Error) {
        self.connect_errors += 1;
        self.keep(format!("connect: {e}"));
    }

    pub(crate) fn note_io_error(&mut self, e: &std::io::Error) {
        self.io_errors += 1;
        self.keep(format!("i/o: {e}"));
    }

    pub(crate) fn note_bad_body(&mut self, e: &str) {
        self.bad_bodies += 1;
        self.keep(format!("body: {e}"));
    }

    /// Adds `other`'s counts (latencies appended, unsorted).
    pub fn merge(&mut self, other: Tally) {
        self.sent += other.sent;
        for (s, n) in other.statuses {
            *self.statuses.entry(s).or_default() += n;
        }
        for (c, n) in other.find_codes {
            *self.find_codes.entry(c).or_default() += n;
        }
        self.connect_errors += other.connect_errors;
        self.io_errors += other.io_errors;
        self.timeouts += other.timeouts;
        self.bad_bodies += other.bad_bodies;
        self.auto_ok += other.auto_ok;
        self.latencies.extend(other.latencies);
        for m in other.messages {
            self.keep(m);
        }
    }

    /// Responses received (any status).
    pub fn responses(&self) -> u64 {
        self.statuses.values().sum()
    }

    /// Responses whose status is not 200.
    pub fn non_200(&self) -> u64 {
        self.statuses
            .iter()
            .filter(|(s, _)| **s != 200)
            .map(|(_, n)| n)
            .sum()
    }

    /// Every request that did not end as a parsed 200.
    pub fn errors(&self) -> u64 {
        self.connect_errors + self.io_errors + self.timeouts + self.non_200() + self.bad_bodies
    }
}

/// What happened to the index swap.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ReloadOutcome {
    /// When the new file (copied beside the served one at the start) was renamed into place,
    /// from the start.
    pub swapped_at: Option<Duration>,
    /// When `/health` first showed a newer generation, from the start.
    pub effective_at: Option<Duration>,
    /// Why the swap did not happen.
    pub error: Option<String>,
}

/// Counts and latency figures of one phase, as reported.
#[derive(Debug, Clone, Serialize)]
pub struct Phase {
    /// Requests taken.
    pub sent: u64,
    /// Responses received.
    pub responses: u64,
    /// Requests that did not end as a parsed 200.
    pub errors: u64,
    /// Connection errors.
    pub connect_errors: u64,
    /// I/O errors mid-request.
    pub io_errors: u64,
    /// Timeouts.
    pub timeouts: u64,
    /// Non-200 responses.
    pub non_200: u64,
    /// 200 bodies that did not parse.
    pub bad_bodies: u64,
    /// Responses by HTTP status.
    pub statuses: BTreeMap<u16, u64>,
    /// FindAddress result codes.
    pub find_codes: BTreeMap<u32, u64>,
    /// Parsed autocomplete answers.
    pub autocomplete_ok: u64,
    /// Latency percentiles in microseconds: median, p90, p99, max (0 with no responses).
    pub latency_us: [u64; 4],
    /// A few error messages.
    pub messages: Vec<String>,
}

impl Phase {
    fn of(mut t: Tally) -> Phase {
        t.latencies.sort_unstable();
        let pct = |p: f64| -> u64 {
            if t.latencies.is_empty() {
                return 0;
            }
            let last = t.latencies.len() - 1;
            // Nearest rank, rounding up: p99 of 100 values is the 99th.
            let rank = ((p * t.latencies.len() as f64).ceil() as usize).clamp(1, last + 1) - 1;
            t.latencies[rank]
        };
        Phase {
            sent: t.sent,
            responses: t.responses(),
            errors: t.errors(),
            connect_errors: t.connect_errors,
            io_errors: t.io_errors,
            timeouts: t.timeouts,
            non_200: t.non_200(),
            bad_bodies: t.bad_bodies,
            latency_us: [
                pct(0.5),
                pct(0.9),
                pct(0.99),
                t.latencies.last().copied().unwrap_or(0),
            ],
            statuses: t.statuses,
            find_codes: t.find_codes,
            autocomplete_ok: t.auto_ok,
            messages: t.messages,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone, Serialize)]
pub struct LoadReport {
    /// Wall time from the first request to the last response.
    pub elapsed: Duration,
    /// Connections used.
    pub concurrency: usize,
    /// Responses per second over `elapsed`.
    pub requests_per_sec: f64,
    /// The whole run.
    pub total: Phase,
    /// Requests started before the swap (the whole run without a reload).
    pub before_reload: Phase,
    /// Requests started after the swap (`None` without a reload).
    pub after_reload: Option<Phase>,
    /// The swap, if one was planned.
    pub reload: Option<ReloadOutcome>,
    /// Server generation (from `/health`) before and after the run.
    pub generation: [Option<u64>; 2],
}

impl LoadReport {
    pub(crate) fn new(
        phases: [Tally; 2],
        elapsed: Duration,
        concurrency: usize,
        reload: Option<ReloadOutcome>,
        generation_before: Option<u64>,
        generation_after: Option<u64>,
    ) -> LoadReport {
        let [before, after] = phases;
        let mut total = before.clone();
        total.merge(after.clone());
        let total = Phase::of(total);
        let requests_per_sec = total.responses as f64 / elapsed.as_secs_f64().max(1e-9);
        LoadReport {
            elapsed,
            concurrency,
            requests_per_sec,
            total,
            before_reload: Phase::of(before),
            after_reload: reload.as_ref().map(|_| Phase::of(after)),
            reload,
            generation: [generation_before, generation_after],
        }
    }
}

fn line(f: &mut fmt::Formatter<'_>, name: &str, p: &Phase) -> fmt::Result {
    let [med, p90, p99, max] = p.latency_us;
    writeln!(
        f,
        "{name:<14} {:>9} {:>9} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
        p.sent,
        p.responses,
        p.errors,
        p.connect_errors,
        p.io_errors,
        p.timeouts,
        p.non_200,
        p.bad_bodies,
        med as f64 / 1000.0,
        p90 as f64 / 1000.0,
        p99 as f64 / 1000.0,
        max as f64 / 1000.0,
    )
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} responses in {:.2}s over {} connections: {:.0} requests/s",
            self.total.responses,
            self.elapsed.as_secs_f64(),
            self.concurrency,
            self.requests_per_sec
        )?;
        writeln!(
            f,
            "{:<14} {:>9} {:>9} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9} {:>9} {:>9} {:>9}",
            "phase",
            "sent",
            "answered",
            "errors",
            "connect",
            "i/o",
            "timeout",
            "non200",
            "badbody",
            "med ms",
            "p90 ms",
            "p99 ms",
            "max ms"
        )?;
        line(f, "all", &self.total)?;
        if let Some(after) = &self.after_reload {
            line(f, "before reload", &self.before_reload)?;
            line(f, "after reload", after)?;
        }
        let statuses: Vec<String> = self
            .total
            .statuses
            .iter()
            .map(|(s, n)| format!("{s}: {n}"))
            .collect();
        writeln!(f, "HTTP status: {}", statuses.join(", "))?;
        let codes: Vec<String> = self
            .total
            .find_codes
            .iter()
            .map(|(c, n)| format!("{c}: {n}"))
            .collect();
        writeln!(f, "FindAddress result codes: {}", codes.join(", "))?;
        if self.total.autocomplete_ok > 0 {
            writeln!(f, "autocomplete answers: {}", self.total.autocomplete_ok)?;
        }
        if let Some(r) = &self.reload {
            let secs = |d: Option<Duration>| {
                d.map_or_else(
                    || "never".to_owned(),
                    |d| format!("{:.2}s", d.as_secs_f64()),
                )
            };
            match &r.error {
                Some(e) => writeln!(f, "reload: FAILED: {e}")?,
                None => writeln!(
                    f,
                    "reload: file swapped at {}, new engine serving at {}",
                    secs(r.swapped_at),
                    secs(r.effective_at)
                )?,
            }
        }
        let gen = |g: Option<u64>| g.map_or_else(|| "?".to_owned(), |g| g.to_string());
        writeln!(
            f,
            "server generation: {} -> {}",
            gen(self.generation[0]),
            gen(self.generation[1])
        )?;
        for m in &self.total.messages {
            writeln!(f, "error: {m}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_account_for_every_request() {
        let mut a = Tally::default();
        for i in 1..=100 {
            a.sent += 1;
            a.record(200, i);
        }
        let mut b = Tally::default();
        b.sent += 3;
        b.record(400, 5);
        b.note_io_error(&std::io::Error::other("reset"));
        b.record(200, 1);
        b.note_bad_body("eof");
        let r = LoadReport::new(
            [a, b],
            Duration::from_secs(2),
            4,
            Some(ReloadOutcome::default()),
            Some(1),
            Some(2),
        );
        assert_eq!(
            (r.total.sent, r.total.responses, r.total.errors),
            (103, 102, 3)
        );
        assert_eq!(r.before_reload.latency_us, [50, 90, 99, 100]);
        let after = r.after_reload.as_ref().unwrap();
        assert_eq!(
            (after.non_200, after.io_errors, after.bad_bodies),
            (1, 1, 1)
        );
        assert!((r.requests_per_sec - 51.0).abs() < 1e-9);
        let text = r.to_string();
        assert!(
            text.contains("before reload") && text.contains("200: 101, 400: 1"),
            "{text}"
        );
        assert!(text.contains("server generation: 1 -> 2"));
    }
}
