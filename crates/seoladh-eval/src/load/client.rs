//! A minimal HTTP/1.1 keep-alive client for the load generator: one GET at a time per
//! connection, `Content-Length` or chunked bodies, nothing else.
//!
//! Hand-written (rather than hyper's client) so the request bytes are prepared once per query,
//! the hot loop allocates nothing but the response buffer it reuses, and the build gains no
//! client features; the server under test is ours and answers plain HTTP/1.1.

use std::io;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Largest response head or body accepted; anything bigger is a protocol error.
const MAX_RESPONSE_BYTES: usize = 64 * 1024 * 1024;

/// One response: status, whether the server will close, and where the body sits in the buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Response {
    /// HTTP status.
    pub status: u16,
    /// The server said `Connection: close` (or the body ran to end of file).
    pub close: bool,
}

/// A keep-alive connection with its reusable read buffer.
pub(crate) struct Connection {
    stream: TcpStream,
    buf: Vec<u8>,
    /// Bytes of `buf` already read past the last response (pipelining never happens, but a
    /// server may send them).
    filled: usize,
    /// The decoded body of the last response.
    pub body: Vec<u8>,
}

fn protocol(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

impl Connection {
    /// Connects with `TCP_NODELAY` (requests are one small write each).
    pub async fn connect(addr: SocketAddr) -> io::Result<Connection> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream,
            buf: vec![0; 16 * 1024],
            filled: 0,
            body: Vec::with_capacity(16 * 1024),
        })
    }

    /// Sends `request` (a whole request head) and reads one response into [`Connection::body`].
    pub async fn exchange(&mut self, request: &[u8]) -> io::Result<Response> {
        self.stream.write_all(request).await?;
        self.read_response().await
    }

    /// Reads until `buf[..filled]` holds `need` bytes.
    async fn fill_to(&mut self, need: usize) -> io::Result<()> {
        if need > MAX_RESPONSE_BYTES {
            return Err(protocol(format!(
                "response larger than {MAX_RESPONSE_BYTES} bytes"
            )));
        }
        while self.filled < need {
            if self.buf.len() < need {
                self.buf.resize(need.max(self.buf.len() * 2), 0);
            }
            let n = self.stream.read(&mut self.buf[self.filled..]).await?;
            if n == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the server closed the connection mid-response",
                ));
            }
            self.filled += n;
        }
        Ok(())
    }

    /// Reads more bytes, growing the buffer; `Ok(0)` at end of file.
    async fn read_more(&mut self) -> io::Result<usize> {
        if self.filled == self.buf.len() {
            if self.buf.len() >= MAX_RESPONSE_BYTES {
                return Err(protocol("response head too large"));
            }
            self.buf.resize(self.buf.len() * 2, 0);
        }
        let n = self.stream.read(&mut self.buf[self.filled..]).await?;
        self.filled += n;
        Ok(n)
    }

    /// Drops the first `n` bytes of the buffer (a consumed response).
    fn consume(&mut self, n: usize) {
        self.buf.copy_within(n..self.filled, 0);
        self.filled -= n;
    }

    async fn read_response(&mut self) -> io::Result<Response> {
        let head_end = loop {
            if let Some(p) = find(&self.buf[..self.filled], b"\r\n\r\n") {
                break p;
            }
            if self.read_more().await? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the server closed the connection before answering",
                ));
            }
        };
        let head = parse_head(&self.buf[..head_end])?;
        let body_start = head_end + 4;
        self.body.clear();
        let consumed = match head.framing {
            Framing::Length(len) => {
                self.fill_to(body_start + len).await?;
                self.body
                    .extend_from_slice(&self.buf[body_start..body_start + len]);
                body_start + len
            }
            Framing::Chunked => self.read_chunked(body_start).await?,
            Framing::UntilClose => {
                while self.read_more().await? > 0 {}
                self.body
                    .extend_from_slice(&self.buf[body_start..self.filled]);
                self.filled
            }
        };
        self.consume(consumed);
        Ok(Response {
            status: head.status,
            close: head.close || head.framing == Framing::UntilClose,
        })
    }

    /// Decodes a chunked body starting at `pos`; returns the offset after the last chunk.
    async fn read_chunked(&mut self, mut pos: usize) -> io::Result<usize> {
        loop {
            let eol = loop {
                if let Some(p) = find(&self.buf[pos..self.filled], b"\r\n") {
                    break pos + p;
                }
                if self.read_more().await? == 0 {
                    return Err(protocol("chunked body cut short"));
                }
            };
            let size_text = std::str::from_utf8(&self.buf[pos..eol])
                .map_err(|_| protocol("chunk size is not text"))?;
            let size_text = size_text.split(';').next().unwrap_or("").trim();
            let size = usize::from_str_radix(size_text, 16)
                .map_err(|_| protocol(format!("bad chunk size {size_text:?}")))?;
            let data = eol + 2;
            // The chunk, then its CRLF (for the last chunk: the final CRLF, no trailers sent).
            self.fill_to(data + size + 2).await?;
            if size == 0 {
                return Ok(data + 2);
            }
            self.body.extend_from_slice(&self.buf[data..data + size]);
            pos = data + size + 2;
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    Length(usize),
    Chunked,
    UntilClose,
}

struct Head {
    status: u16,
    close: bool,
    framing: Framing,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn parse_head(head: &[u8]) -> io::Result<Head> {
    let text = std::str::from_utf8(head).map_err(|_| protocol("response head is not UTF-8"))?;
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap_or("");
    let status = status_line
        .strip_prefix("HTTP/1.")
        .and_then(|rest| rest.get(2..5))
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or_else(|| protocol(format!("bad status line {status_line:?}")))?;
    let mut close = status_line.starts_with("HTTP/1.0");
    let mut framing = Framing::UntilClose;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("content-length") {
            let len = value
                .parse::<usize>()
                .map_err(|_| protocol(format!("bad content-length {value:?}")))?;
            framing = Framing::Length(len);
        } else if name.eq_ignore_ascii_case("transfer-encoding")
            && value.to_ascii_lowercase().contains("chunked")
        {
            framing = Framing::Chunked;
        } else if name.eq_ignore_ascii_case("connection") {
            close = value.eq_ignore_ascii_case("close");
        }
    }
    if status == 204 || status == 304 {
        framing = Framing::Length(0);
    }
    Ok(Head {
        status,
        close,
        framing,
    })
}

/// `GET {target} HTTP/1.1` with Host and Accept, keep-alive.
pub(crate) fn get_request(host: &str, target: &str) -> Vec<u8> {
    format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n\r\n")
        .into_bytes()
}

/// Percent-encodes a query value: unreserved characters stay, everything else is `%XX` of its
/// UTF-8 bytes (space too, never `+`, so the value survives any decoder).
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3 / 2);
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b >> 4)]));
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b & 15)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_parsed() {
        let h =
            parse_head(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 12")
                .unwrap();
        assert_eq!(
            (h.status, h.close, h.framing),
            (200, false, Framing::Length(12))
        );
        let h = parse_head(
            b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\nTransfer-Encoding: chunked",
        )
        .unwrap();
        assert_eq!(
            (h.status, h.close, h.framing),
            (400, true, Framing::Chunked)
        );
        assert_eq!(
            parse_head(b"HTTP/1.0 200 OK").unwrap().framing,
            Framing::UntilClose
        );
        assert!(parse_head(b"garbage").is_err());
        assert!(parse_head(b"HTTP/1.1 200 OK\r\ncontent-length: x").is_err());
    }

    #[test]
    fn components_are_encoded() {
        assert_eq!(
            encode_component("8 Silver Birches, Dún Búinne&x=1"),
            "8%20Silver%20Birches%2C%20D%C3%BAn%20B%C3%BAinne%26x%3D1"
        );
        assert_eq!(encode_component("a-b_c.d~"), "a-b_c.d~");
    }

    #[tokio::test]
    async fn keep_alive_exchanges_over_a_socket() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let server = tokio::spawn(async move {
            let (mut s, _) = listener.accept().await.unwrap();
            let mut buf = vec![0u8; 4096];
            let mut seen = Vec::new();
            for answer in [
                &b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello"[..],
                &b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"[..],
            ] {
                loop {
                    let n = s.read(&mut buf).await.unwrap();
                    seen.extend_from_slice(&buf[..n]);
                    if seen.ends_with(b"\r\n\r\n") {
                        break;
                    }
                }
                seen.clear();
                // Split the answer in two writes to exercise partial reads.
                let (a, b) = answer.split_at(answer.len() / 2);
                s.write_all(a).await.unwrap();
                s.flush().await.unwrap();
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                s.write_all(b).await.unwrap();
            }
        });
        let mut c = Connection::connect(addr).await.unwrap();
        let req = get_request("x", "/a");
        let r = c.exchange(&req).await.unwrap();
        assert_eq!((r.status, c.body.as_slice()), (200, &b"hello"[..]));
        let r = c.exchange(&req).await.unwrap();
        assert_eq!(
            (r.status, r.close, c.body.as_slice()),
            (200, false, &b"abcde"[..])
        );
        server.await.unwrap();
    }
}
