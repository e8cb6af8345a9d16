//! The HTTP handlers: check the request, call the engine, write JSON or JSONP.
//!
//! The checks run in one order, top to bottom in [`operation`]: route, method, callback, Accept,
//! sizes, key, rate, parameters, profile; then the engine. No matching happens here.

use super::state::AppState;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use seoladh::api::{self, ApiError, ErrorCode, Operation, Prepared, WireEnum};
use seoladh::limits;
use std::sync::Arc;

/// What the request log line reports about a response (set by the handlers).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LogInfo {
    pub op: &'static str,
    pub result: Option<u32>,
}

/// `GET /2.0/{op}`.
pub(crate) async fn operation(
    State(state): State<AppState>,
    Path(segment): Path<String>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    state.count_request();
    let Some(op) = Operation::from_path_segment(&segment) else {
        return not_found_response();
    };
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed();
    }
    let raw = query.unwrap_or_default();
    let q = api::RawQuery::parse(&raw);
    let callback = match q.get("callback", ErrorCode::InvalidParameterValue) {
        Ok(None) => None,
        Ok(Some(cb)) if cb.is_empty() => None,
        Ok(Some(cb)) if is_valid_callback(&cb) => Some(cb),
        _ => {
            let e = ApiError::new(
                ErrorCode::InvalidParameterValue,
                "callback must be a JavaScript name of letters, digits, `_`, `.` and `$` (at most 128)",
            );
            return error_response(op.name(), &e, None, None);
        }
    };
    let cb = callback.as_deref();
    if cb.is_none() && !accepts_json(&headers) {
        let e = ApiError::new(
            ErrorCode::InvalidParameterValue,
            "the Accept header allows neither application/json nor application/javascript; send Accept: application/json",
        );
        return error_response(op.name(), &e, None, Some(StatusCode::NOT_ACCEPTABLE));
    }
    if let Err(e) = check_sizes(&headers, &raw, &q) {
        return error_response(op.name(), &e, cb, None);
    }
    if let Err(e) = check_key(&state, &q) {
        return error_response(op.name(), &e, cb, None);
    }
    let base = base_url(&state, &headers);
    let loaded = state.current();
    let engine = Arc::clone(&loaded.engine);
    let work = match Prepared::parse(op, &q, &*engine, &base) {
        Ok(work) => work,
        Err(e) => return error_response(op.name(), &e, cb, None),
    };
    let timeout = state.config().timeout;
    let outcome = match tokio::time::timeout(timeout, compute(work, engine)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(ApiError::new(
            ErrorCode::InternalServerError,
            format!(
                "the engine took longer than {} ms; try a more specific address",
                timeout.as_millis()
            ),
        )),
    };
    match outcome {
        Ok(answer) => body_response(
            StatusCode::OK,
            answer.json,
            cb,
            LogInfo {
                op: op.name(),
                result: answer.result,
            },
        ),
        Err(e) => error_response(op.name(), &e, cb, None),
    }
}

/// Runs the engine on rayon's pool, one thread per core, first come first served; the async
/// workers keep moving bytes, and a request that times out stops waiting (its search finishes
/// on the pool). A panic in the engine becomes error 500000.
///
/// A pool of one thread per core rather than tokio's blocking pool (a thread per request in
/// flight): two threads keep two searches' scratch space warm instead of sixteen, and a busy pool
/// thread takes the next request without a wake-up (docs/PERFORMANCE.md, server under load).
async fn compute(work: Prepared, engine: Arc<dyn api::Engine>) -> Result<api::Answer, ApiError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    rayon::spawn(move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work.run(&*engine)));
        // The request may have timed out and gone: nobody to tell.
        let _ = tx.send(outcome);
    });
    match rx.await {
        Ok(Ok(answer)) => answer,
        Ok(Err(_)) => Err(engine_failed("it panicked")),
        Err(_) => Err(engine_failed("no answer")),
    }
}

fn engine_failed(why: &str) -> ApiError {
    ApiError::new(
        ErrorCode::InternalServerError,
        format!(
            "the engine failed on this request ({why}); please report it with the request's txn"
        ),
    )
}

/// `[A-Za-z0-9_.$]+`, at most [`limits::MAX_CALLBACK_CHARS`].
pub(crate) fn is_valid_callback(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= limits::MAX_CALLBACK_CHARS
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$'))
}

/// No Accept header, or one that allows JSON, JavaScript or anything.
fn accepts_json(headers: &HeaderMap) -> bool {
    let Some(accept) = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    accept.split(',').any(|item| {
        let media = item
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        matches!(
            media.as_str(),
            "" | "*/*"
                | "application/*"
                | "text/*"
                | "application/json"
                | "application/javascript"
                | "text/javascript"
                | "text/json"
        )
    })
}

fn check_sizes(headers: &HeaderMap, raw: &str, q: &api::RawQuery<'_>) -> Result<(), ApiError> {
    let body_len = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0);
    if body_len > limits::MAX_REQUEST_BODY_BYTES || headers.contains_key(header::TRANSFER_ENCODING)
    {
        return Err(ApiError::new(
            ErrorCode::InvalidParameterValue,
            "requests carry their parameters in the query string; send a GET without a body",
        ));
    }
    if raw.len() > limits::MAX_QUERY_STRING_BYTES {
        let address_too_long = q
            .raw("address")
            .is_some_and(|a| a.len() > limits::MAX_QUERY_STRING_BYTES / 2);
        let code = if address_too_long {
            ErrorCode::InvalidAddress
        } else {
            ErrorCode::InvalidParameterValue
        };
        return Err(ApiError::new(
            code,
            format!(
                "the query string is {} bytes; at most {} are accepted (an address may have {} characters)",
                raw.len(),
                limits::MAX_QUERY_STRING_BYTES,
                limits::MAX_QUERY_CHARS
            ),
        ));
    }
    Ok(())
}

fn check_key(state: &AppState, q: &api::RawQuery<'_>) -> Result<(), ApiError> {
    let key = q
        .get("key", ErrorCode::InvalidLicenceKey)?
        .map(|k| k.trim().to_owned())
        .filter(|k| !k.is_empty())
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::MissingLicenceKey,
                "parameter `key` is required: pass your licence key as key=…",
            )
        })?;
    if !state.keys().contains(&key) {
        let hint = if state.keys().is_demo_only() {
            "this server runs without a keys file and accepts only key=demo"
        } else {
            "check the key for typos or ask the server's operator for one"
        };
        return Err(ApiError::new(
            ErrorCode::InvalidLicenceKey,
            format!("the licence key is not valid: {hint}"),
        ));
    }
    if let Some(limiter) = &state.inner.limiter {
        if !limiter.allow(&key) {
            return Err(ApiError::new(
                ErrorCode::LimitExceeded,
                "too many requests for this key; slow down and retry in a second",
            ));
        }
    }
    Ok(())
}

/// The configured base URL, else `http://` + the request's Host (if it is a plain host[:port]),
/// else the bound address.
fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(base) = &state.config().base_url {
        return base.clone();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]_".contains(&b))
        });
    match host {
        Some(h) => format!("http://{h}"),
        None => format!(
            "http://{}",
            state
                .inner
                .bound
                .get()
                .copied()
                .unwrap_or(state.config().listen)
        ),
    }
}

/// A JSON (or, with a callback, JSONP at HTTP 200) response.
fn body_response(
    status: StatusCode,
    json: Vec<u8>,
    callback: Option<&str>,
    log: LogInfo,
) -> Response {
    let (status, content_type, body) = match callback {
        Some(cb) => {
            let mut body = Vec::with_capacity(json.len() + cb.len() + 3);
            body.extend_from_slice(cb.as_bytes());
            body.push(b'(');
            body.extend_from_slice(&json);
            body.extend_from_slice(b");");
            (StatusCode::OK, "application/javascript", body)
        }
        None => (status, "application/json", json),
    };
    let mut resp = Response::new(Body::from(body));
    *resp.status_mut() = status;
    resp.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    resp.extensions_mut().insert(log);
    resp
}

/// The error body with the code's HTTP status (or `status`), wrapped for JSONP when asked.
pub(crate) fn error_response(
    op: &'static str,
    e: &ApiError,
    callback: Option<&str>,
    status: Option<StatusCode>,
) -> Response {
    let json = serde_json::to_vec(&e.body()).unwrap_or_else(|_| br#"{"errors":[]}"#.to_vec());
    let status = status.unwrap_or_else(|| {
        StatusCode::from_u16(e.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    });
    body_response(
        status,
        json,
        callback,
        LogInfo {
            op,
            result: Some(e.code.code()),
        },
    )
}

/// 404 with the 404001 body, for any path the service does not have.
pub(crate) fn not_found_response() -> Response {
    let e = ApiError::new(
        ErrorCode::NotFound,
        "no such resource: use /2.0/FindAddress, /2.0/GetEcadData or /2.0/AutoComplete",
    );
    error_response("-", &e, None, None)
}

/// 405 with an error body (400011: the 2.0 codes have none for a method) and `Allow: GET, HEAD`.
pub(crate) fn method_not_allowed() -> Response {
    let e = ApiError::new(
        ErrorCode::InvalidParameterValue,
        "method not allowed: only GET (and HEAD) are supported; send the parameters in the query string",
    );
    let mut resp = error_response("-", &e, None, Some(StatusCode::METHOD_NOT_ALLOWED));
    resp.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    resp
}

/// Fallback for unknown paths.
pub(crate) async fn fallback() -> Response {
    not_found_response()
}

/// `GET /health`: status, index file, load time, generation, counts.
pub(crate) async fn health(State(state): State<AppState>, method: Method) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed();
    }
    let loaded = state.current();
    let last_error = state
        .inner
        .last_reload_error
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone();
    let index = &state.config().index;
    let file_state = match std::fs::metadata(index) {
        Ok(m) if m.is_file() => "present",
        Ok(_) => "not a file",
        Err(_) => "missing",
    };
    // Still answering from the loaded index, but the next restart or reload would not: say so.
    let problem = match (&last_error, file_state) {
        (Some(e), _) => Some(format!(
            "the last reload failed, serving generation {}: {e}",
            loaded.generation
        )),
        (None, "present") => None,
        (None, state) => Some(format!(
            "the index file {} is {state}: serving generation {} from memory; a restart would fail",
            index.display(),
            loaded.generation
        )),
    };
    let inner = &state.inner;
    let body = serde_json::json!({
        "status": if problem.is_some() { "degraded" } else { "ok" },
        "problem": problem,
        "index": index.display().to_string(),
        "indexFile": file_state,
        "generation": loaded.generation,
        "loadedAt": api::date::format_system_time(loaded.loaded_at),
        "counts": loaded.engine.counts(),
        "requestsServed": state.inner.served.load(std::sync::atomic::Ordering::Relaxed),
        "lastReloadError": last_error,
        "demoKeyOnly": state.keys().is_demo_only(),
        "connectionsOpen": inner.open_connections.load(std::sync::atomic::Ordering::Relaxed),
        "connectionsRefused": inner.refused.load(std::sync::atomic::Ordering::Relaxed),
        "connectionsEvicted": inner.evicted.load(std::sync::atomic::Ordering::Relaxed),
    });
    let json = serde_json::to_vec(&body).unwrap_or_default();
    body_response(
        StatusCode::OK,
        json,
        None,
        LogInfo {
            op: "health",
            result: None,
        },
    )
}

/// `GET /`: the demo page.
pub(crate) async fn demo(method: Method) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed();
    }
    let mut resp = axum::response::Html(include_str!("demo.html")).into_response();
    resp.extensions_mut().insert(LogInfo {
        op: "demo",
        result: None,
    });
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callback_names() {
        assert!(is_valid_callback("jQuery3800123_1795"));
        assert!(is_valid_callback("angular.callbacks._0"));
        assert!(is_valid_callback("$cb"));
        assert!(!is_valid_callback("alert(1)"));
        assert!(!is_valid_callback("a b"));
        assert!(!is_valid_callback(""));
        assert!(!is_valid_callback(&"a".repeat(200)));
    }

    #[test]
    fn accept_header() {
        let mut h = HeaderMap::new();
        assert!(accepts_json(&h));
        h.insert(
            header::ACCEPT,
            HeaderValue::from_static("text/html,application/xhtml+xml,*/*;q=0.8"),
        );
        assert!(accepts_json(&h));
        h.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        assert!(accepts_json(&h));
        h.insert(header::ACCEPT, HeaderValue::from_static("image/png"));
        assert!(!accepts_json(&h));
    }
}
