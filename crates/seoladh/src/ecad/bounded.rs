//! Reading records in bounded memory, whatever the input: a file of one 1 GB line costs what a
//! normal file costs.
//!
//! - [`BoundedCsv`] sits beneath a CSV parser. It passes records through while watching quotes
//!   and line ends; a record longer than its limit is cut: the parser sees its first bytes and a
//!   record end, the rest (up to the real record end, quote-aware) is read and dropped, and the
//!   cut is noted in [`Cuts`] so the caller reports that row and skips it. Rows stay one for one:
//!   a cut record is still one record.
//! - [`read_line_capped`] reads one line (JSON lines) keeping at most a limit of it.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One record that was cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    /// Where the record starts in the stream the parser reads (its `Position::byte`).
    pub start: u64,
    /// Line ends dropped with its tail (the parser's line numbers after it are this much short).
    pub lines_dropped: u64,
}

/// The records a [`BoundedCsv`] cut, shared with the code reading the parsed records.
#[derive(Debug, Default)]
pub struct Cuts {
    count: AtomicUsize,
    list: Mutex<Vec<Cut>>,
}

impl Cuts {
    /// The cut record starting at `start` (a parsed record's `Position::byte`), if that one was.
    /// In a CRLF file the `csv` crate places a record at the line feed before it, a byte early
    /// (BurntSushi/rust-csv#395): that position names the same record.
    pub fn at(&self, start: u64) -> Option<Cut> {
        if self.count.load(Ordering::Acquire) == 0 {
            return None;
        }
        let list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.iter()
            .find(|c| c.start == start || c.start == start + 1)
            .copied()
    }

    /// Line ends dropped by the cuts of records before `start`: add it to a parser's line
    /// number to get the line in the file.
    pub fn lines_before(&self, start: u64) -> u64 {
        if self.count.load(Ordering::Acquire) == 0 {
            return 0;
        }
        let list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.iter()
            .filter(|c| c.start < start)
            .map(|c| c.lines_dropped)
            .sum()
    }

    fn push(&self, cut: Cut) {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.push(cut);
        self.count.store(list.len(), Ordering::Release);
    }
}

/// A [`Read`] over CSV input that cuts every record longer than `limit` bytes (see the module
/// docs). Records end at a line feed outside double quotes, as RFC 4180 and the `csv` crate
/// have it.
#[derive(Debug)]
pub struct BoundedCsv<R> {
    inner: R,
    scan: Scan,
    cuts: Arc<Cuts>,
    /// Dropping the tail of a cut record: line ends dropped so far.
    skipping: Option<u64>,
    /// A record end to hand over after a cut: `"\n` (closing an open quote) or `\n`.
    pending: &'static [u8],
}

/// Where the reader is in the record structure of what it passed.
#[derive(Debug)]
struct Scan {
    limit: usize,
    in_quotes: bool,
    /// Bytes of the current record passed.
    record_len: usize,
    /// Where the current record starts in the output.
    record_start: u64,
    /// Bytes handed to the parser so far.
    out_pos: u64,
}

impl Scan {
    /// Walks `chunk` (about to be handed over) up to the limit of the current record; returns
    /// the bytes walked and whether the limit was reached.
    fn walk(&mut self, chunk: &[u8]) -> (usize, bool) {
        let mut pos = 0;
        while pos < chunk.len() {
            let room = self.limit - self.record_len;
            let window = &chunk[pos..chunk.len().min(pos + room)];
            let Some(i) = memchr::memchr2(b'"', b'\n', window) else {
                self.record_len += window.len();
                pos += window.len();
                if self.record_len >= self.limit {
                    return (pos, true);
                }
                continue;
            };
            pos += i + 1;
            self.record_len += i + 1;
            if chunk[pos - 1] == b'"' {
                self.in_quotes = !self.in_quotes;
            } else if !self.in_quotes {
                self.record_len = 0;
                self.record_start = self.out_pos + pos as u64;
                continue;
            }
            if self.record_len >= self.limit {
                return (pos, true);
            }
        }
        (pos, false)
    }

    /// Walks `chunk` of a cut record's tail (dropped); returns the bytes walked and whether the
    /// record ended in it. `dropped` counts the line ends inside the tail (its own end is handed
    /// over as the cut record's end).
    fn skip(&mut self, chunk: &[u8], dropped: &mut u64) -> (usize, bool) {
        let mut pos = 0;
        while let Some(i) = memchr::memchr2(b'"', b'\n', &chunk[pos..]) {
            pos += i + 1;
            if chunk[pos - 1] == b'"' {
                self.in_quotes = !self.in_quotes;
            } else if self.in_quotes {
                *dropped += 1;
            } else {
                return (pos, true);
            }
        }
        (chunk.len(), false)
    }
}

impl<R: BufRead> BoundedCsv<R> {
    /// Wraps `inner`; records longer than `limit` bytes (their line end included) are cut.
    pub fn new(inner: R, limit: usize) -> Self {
        BoundedCsv {
            inner,
            scan: Scan {
                limit: limit.max(2),
                in_quotes: false,
                record_len: 0,
                record_start: 0,
                out_pos: 0,
            },
            cuts: Arc::new(Cuts::default()),
            skipping: None,
            pending: b"",
        }
    }

    /// The cuts made so far (and later: the list is shared).
    pub fn cuts(&self) -> Arc<Cuts> {
        Arc::clone(&self.cuts)
    }

    fn end_cut(&mut self, lines_dropped: u64) {
        self.cuts.push(Cut {
            start: self.scan.record_start,
            lines_dropped,
        });
        self.skipping = None;
        self.scan.in_quotes = false;
        self.scan.record_len = 0;
    }
}

impl<R: BufRead> Read for BoundedCsv<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            if !self.pending.is_empty() && self.skipping.is_none() {
                let n = self.pending.len().min(buf.len());
                buf[..n].copy_from_slice(&self.pending[..n]);
                self.pending = &self.pending[n..];
                self.scan.out_pos += n as u64;
                if self.pending.is_empty() {
                    self.scan.record_start = self.scan.out_pos;
                }
                return Ok(n);
            }
            let avail = self.inner.fill_buf()?;
            if avail.is_empty() {
                if let Some(dropped) = self.skipping {
                    self.end_cut(dropped);
                    continue;
                }
                return Ok(0);
            }
            if let Some(mut dropped) = self.skipping {
                let (used, ended) = self.scan.skip(avail, &mut dropped);
                self.inner.consume(used);
                if ended {
                    self.end_cut(dropped);
                } else {
                    self.skipping = Some(dropped);
                }
                continue;
            }
            let take = avail.len().min(buf.len());
            let (n, full) = self.scan.walk(&avail[..take]);
            buf[..n].copy_from_slice(&avail[..n]);
            self.inner.consume(n);
            self.scan.out_pos += n as u64;
            if full {
                self.skipping = Some(0);
                self.pending = if self.scan.in_quotes { b"\"\n" } else { b"\n" };
            }
            return Ok(n);
        }
    }
}

/// What [`read_line_capped`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The input is exhausted.
    End,
    /// A whole line (its line feed included) is in the buffer.
    Whole,
    /// A line of this many bytes (line feed included), longer than the limit: read to its end
    /// and dropped; the buffer holds its first bytes only.
    TooLong(u64),
}

/// Reads one line into `out` (cleared first), holding at most `limit` bytes of it.
///
/// # Errors
/// The reader's.
pub fn read_line_capped(
    input: &mut dyn BufRead,
    limit: usize,
    out: &mut Vec<u8>,
) -> io::Result<Line> {
    out.clear();
    let mut total = 0u64;
    loop {
        let avail = match input.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(match total {
                0 => Line::End,
                n if n > limit as u64 => Line::TooLong(n),
                _ => Line::Whole,
            });
        }
        let (used, done) = match memchr::memchr(b'\n', avail) {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        let keep = used.min(limit.saturating_sub(out.len()));
        out.extend_from_slice(&avail[..keep]);
        total += used as u64;
        input.consume(used);
        if done {
            return Ok(if total > limit as u64 {
                Line::TooLong(total)
            } else {
                Line::Whole
            });
        }
    }
}
