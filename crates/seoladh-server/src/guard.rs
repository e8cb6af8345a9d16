//! A connection guard that gives the HTTP layer's own refusals a 2.0 error body.
//!
//! - hyper refuses a URI over 64 KiB itself, with an empty 414, before any handler runs; a client
//!   then sees no `errors[0]`. This wrapper reads the first request line of a connection before
//!   hyper does: when it is longer than [`MAX_REQUEST_LINE_BYTES`] it writes a 400 with the error
//!   body (and the CORS header), drains the rest of the request head so the close is clean (no
//!   RST eating the answer), and ends the connection. Otherwise it replays the bytes to hyper and
//!   steps aside. Queries between the server's own limit and this one get the handler's error.
//! - Any other head hyper cannot take (a malformed request line or header: 400; headers too
//!   large: 431; a long line later on a keep-alive connection: 414) it answers with an empty
//!   body and closes. Those answers are recognised as they are written (a 4xx head with
//!   `content-length: 0`, which no handler of this server produces) and written with the error
//!   body instead.

use crate::idle::Slot;
use seoladh::api::{ApiError, ErrorCode};
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// Longest request line handed to hyper (its own URI limit is 65,534 bytes).
pub const MAX_REQUEST_LINE_BYTES: usize = 60 * 1024;

/// Most bytes read (and dropped) after refusing a request line, looking for the head's end.
const MAX_DRAIN_BYTES: usize = 4 * 1024 * 1024;

enum State {
    /// Reading the first request line.
    Scanning(Vec<u8>),
    /// Replaying what was read, then passing through.
    Passing { replay: Vec<u8>, pos: usize },
    /// Writing the refusal.
    Refusing { response: Vec<u8>, written: usize },
    /// Reading the rest of the head; `tail` holds the last bytes seen.
    Draining { tail: [u8; 4], read: usize },
    /// Refused and drained: reads give end of file.
    Closed,
}

/// A connection that checks its first request line (see the module docs).
pub struct GuardedStream {
    inner: TcpStream,
    state: State,
    /// An answer written in place of one of hyper's bodiless refusals, and how much of it is out.
    substitute: Option<(Vec<u8>, usize)>,
    /// Whether the connection waits for a request head (see `idle`), and its eviction.
    slot: Arc<Slot>,
    /// The last bytes handed to hyper, to find a head's end split over two reads.
    tail: [u8; 3],
    /// Bytes were written since the last flush.
    wrote: bool,
}

impl GuardedStream {
    pub(crate) fn new(inner: TcpStream, slot: Arc<Slot>) -> Self {
        GuardedStream {
            inner,
            state: State::Scanning(Vec::new()),
            substitute: None,
            slot,
            tail: [0; 3],
            wrote: false,
        }
    }

    /// Notes the bytes handed to hyper: a request head's end makes the connection busy.
    fn delivered(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        // The end may straddle two reads: the last three bytes of the previous one come first.
        let mut joined = [0u8; 6];
        let first = bytes.len().min(3);
        joined[..3].copy_from_slice(&self.tail);
        joined[3..3 + first].copy_from_slice(&bytes[..first]);
        let found = joined[..3 + first].windows(4).any(|w| w == b"\r\n\r\n")
            || bytes.windows(4).any(|w| w == b"\r\n\r\n");
        if let Some(last) = bytes.len().checked_sub(3) {
            self.tail.copy_from_slice(&bytes[last..]);
        } else {
            self.tail.rotate_left(bytes.len());
            self.tail[3 - bytes.len()..].copy_from_slice(bytes);
        }
        if found {
            self.slot.busy();
        }
    }

    /// Writes what is left of the substitute answer.
    fn poll_substitute(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, written)) = &mut self.substitute {
            if *written == bytes.len() {
                self.substitute = None;
                break;
            }
            match Pin::new(&mut self.inner).poll_write(cx, &bytes[*written..]) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *written += n,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Takes `head` (all hyper is writing) as written when it is one of hyper's bodiless
    /// refusals, queueing the answer with the error body in its place.
    fn substituted(
        &mut self,
        cx: &mut Context<'_>,
        head: &[u8],
    ) -> Option<Poll<io::Result<usize>>> {
        let answer = with_error_body(head)?;
        self.substitute = Some((answer, 0));
        // hyper flushes next; what this call cannot write goes out then.
        Some(match self.poll_substitute(cx) {
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            _ => Poll::Ready(Ok(head.len())),
        })
    }
}

/// The answer with a 2.0 error body for a bodiless 4xx head hyper wrote itself (see the module
/// docs); `None` for anything else.
fn with_error_body(head: &[u8]) -> Option<Vec<u8>> {
    let rest = head.strip_prefix(b"HTTP/1.1 ")?;
    let status: u16 = std::str::from_utf8(rest.get(..3)?).ok()?.parse().ok()?;
    if !(400..500).contains(&status) || !head.ends_with(b"\r\n\r\n") {
        return None;
    }
    let lower = head.to_ascii_lowercase();
    if !lower.windows(20).any(|w| w == b"\ncontent-length: 0\r\n") {
        return None;
    }
    let status_line = &head[..head.windows(2).position(|w| w == b"\r\n")?];
    let message = match status {
        414 => format!(
            "the request line is too long; queries may be at most {} bytes",
            seoladh::limits::MAX_QUERY_STRING_BYTES
        ),
        431 => "the request headers are too large".to_owned(),
        _ => "the request is not valid HTTP/1.1 (a malformed request line or header)".to_owned(),
    };
    let code = ErrorCode::InvalidParameterValue;
    let body = serde_json::to_string(&ApiError::new(code, message).body()).unwrap_or_default();
    tracing::info!(target: "seoladh::request", status, result = %code, "request refused by the HTTP layer");
    let mut out = status_line.to_vec();
    out.extend_from_slice(
        format!(
            "\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\n\
             connection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    Some(out)
}

/// Whether an `address` parameter of the (cut) line is what makes it long.
fn address_is_long(line: &[u8]) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.windows(9).enumerate().any(|(i, w)| {
        (w == b"?address=" || w == b"&address=")
            && lower[i + 9..]
                .iter()
                .position(|&b| b == b'&' || b == b' ' || b == b'\r')
                .map_or(true, |len| {
                    len > seoladh::limits::MAX_QUERY_STRING_BYTES / 2
                })
    })
}

/// The 400 answer for an over-long line; a long `address` makes the code 400020.
fn refusal(line_start: &[u8]) -> Vec<u8> {
    let code = if address_is_long(line_start) {
        ErrorCode::InvalidAddress
    } else {
        ErrorCode::InvalidParameterValue
    };
    let err = ApiError::new(
        code,
        format!(
            "the request line is longer than {MAX_REQUEST_LINE_BYTES} bytes; queries may be at most {} bytes",
            seoladh::limits::MAX_QUERY_STRING_BYTES
        ),
    );
    let body = serde_json::to_string(&err.body()).unwrap_or_default();
    tracing::info!(target: "seoladh::request", status = 400, result = %code, "request line too long");
    format!(
        "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl AsyncRead for GuardedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        // Evicted (see `idle`): end of file, and hyper closes the connection.
        if this.slot.is_evicted() {
            return Poll::Ready(Ok(()));
        }
        let before = out.filled().len();
        let polled = this.poll_read_guarded(cx, out);
        match polled {
            Poll::Pending => this.slot.park(cx.waker()),
            Poll::Ready(Ok(())) => this.delivered(&out.filled()[before..]),
            Poll::Ready(Err(_)) => {}
        }
        polled
    }
}

impl GuardedStream {
    /// The reads of the request-line guard (see the module docs).
    fn poll_read_guarded(
        &mut self,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self;
        loop {
            match &mut this.state {
                State::Passing { replay, pos } => {
                    if *pos < replay.len() {
                        let n = out.remaining().min(replay.len() - *pos);
                        out.put_slice(&replay[*pos..*pos + n]);
                        *pos += n;
                        if *pos == replay.len() {
                            *replay = Vec::new();
                            *pos = 0;
                        }
                        return Poll::Ready(Ok(()));
                    }
                    return Pin::new(&mut this.inner).poll_read(cx, out);
                }
                State::Closed => return Poll::Ready(Ok(())),
                State::Scanning(buf) => {
                    let mut chunk = [0u8; 8192];
                    let mut rb = ReadBuf::new(&mut chunk);
                    match Pin::new(&mut this.inner).poll_read(cx, &mut rb) {
                        Poll::Pending => return Poll::Pending,
                        Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                        Poll::Ready(Ok(())) => {}
                    }
                    let got = rb.filled();
                    let eof = got.is_empty();
                    buf.extend_from_slice(got);
                    let line_end = buf.windows(2).position(|w| w == b"\r\n");
                    let too_long = match line_end {
                        Some(end) => end > MAX_REQUEST_LINE_BYTES,
                        None => buf.len() > MAX_REQUEST_LINE_BYTES,
                    };
                    if too_long {
                        let response = refusal(buf);
                        this.state = State::Refusing {
                            response,
                            written: 0,
                        };
                    } else if line_end.is_some() || eof {
                        let replay = std::mem::take(buf);
                        this.state = State::Passing { replay, pos: 0 };
                    }
                }
                State::Refusing { response, written } => {
                    while *written < response.len() {
                        match Pin::new(&mut this.inner).poll_write(cx, &response[*written..]) {
                            Poll::Pending => return Poll::Pending,
                            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                            Poll::Ready(Ok(0)) => {
                                this.state = State::Closed;
                                return Poll::Ready(Ok(()));
                            }
                            Poll::Ready(Ok(n)) => *written += n,
                        }
                    }
                    this.state = State::Draining {
                        tail: [0; 4],
                        read: 0,
                    };
                }
                State::Draining { tail, read } => {
                    let mut chunk = [0u8; 16384];
                    let mut rb = ReadBuf::new(&mut chunk);
                    match Pin::new(&mut this.inner).poll_read(cx, &mut rb) {
                        Poll::Pending => return Poll::Pending,
                        Poll::Ready(Err(_)) => {
                            this.state = State::Closed;
                            return Poll::Ready(Ok(()));
                        }
                        Poll::Ready(Ok(())) => {}
                    }
                    let got = rb.filled();
                    let mut done = got.is_empty();
                    for &b in got {
                        tail.rotate_left(1);
                        tail[3] = b;
                        if tail == b"\r\n\r\n" {
                            done = true;
                            break;
                        }
                    }
                    *read += got.len();
                    if done || *read > MAX_DRAIN_BYTES {
                        this.state = State::Closed;
                        return Poll::Ready(Ok(()));
                    }
                }
            }
        }
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_substitute(cx))?;
        this.wrote = true;
        if let Some(done) = this.substituted(cx, buf) {
            return done;
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_substitute(cx))?;
        std::task::ready!(Pin::new(&mut this.inner).poll_flush(cx))?;
        // A response went out: the connection waits for its next request head.
        if std::mem::take(&mut this.wrote) {
            this.slot.waiting();
        }
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_substitute(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_substitute(cx))?;
        this.wrote = true;
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(head), None) = (filled.next(), filled.next()) {
            if let Some(done) = this.substituted(cx, head) {
                return done;
            }
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_address_is_told_apart_from_other_long_parameters() {
        let long = "a".repeat(seoladh::limits::MAX_QUERY_STRING_BYTES);
        assert!(address_is_long(
            format!("GET /2.0/FindAddress?key=k&address={long}").as_bytes()
        ));
        assert!(address_is_long(
            b"GET /2.0/FindAddress?Address=cut-off-here"
        ));
        assert!(!address_is_long(
            format!("GET /2.0/FindAddress?address=x&junk={long}").as_bytes()
        ));
        assert!(!address_is_long(
            format!("GET /2.0/FindAddress?myaddress=x&junk={long}").as_bytes()
        ));
    }

    #[test]
    fn refusal_is_a_complete_http_response() {
        let r = String::from_utf8(refusal(b"GET /?address=")).unwrap();
        let (head, body) = r.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 "));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(body.contains("400020"));
    }
}
