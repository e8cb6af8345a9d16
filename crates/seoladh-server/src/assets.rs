//! The address control's static files, from a licensee's own copy (`--control-assets DIR`).
//!
//! Integrations load the control from the API host (`<endpoint>/control/js/…`,
//! `/2.0/control/css/…`); serving a copy from the same server lets an integration point its host
//! at seoladh and change nothing else. seoladh does not ship the control.
//!
//! Only plain relative paths under the directory are served: no `..`, no hidden files or
//! directories, no backslashes, and a file whose real path (symbolic links followed) lies
//! outside the directory is not found. Anything else is 404 with the 404001 error body.

use super::handlers::{error_response, method_not_allowed, LogInfo};
use super::state::AppState;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::Response;
use seoladh::api::{ApiError, ErrorCode};
use seoladh::limits::MAX_CONTROL_ASSET_BYTES;
use std::path::PathBuf;

/// `GET /control/{*path}` and `/2.0/control/{*path}`.
pub(crate) async fn control(
    State(state): State<AppState>,
    method: Method,
    Path(path): Path<String>,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed();
    }
    let Some(root) = state.config().control_assets.clone() else {
        return not_found(
            "the control's files are not served here: start the server with --control-assets DIR holding your copy of them",
        );
    };
    let Some(relative) = safe_relative(&path) else {
        return not_found("no such control file");
    };
    match read_under(root, relative).await {
        Some(bytes) => {
            let mut resp = Response::new(Body::from(bytes));
            let headers = resp.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(content_type(&path)),
            );
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            );
            resp.extensions_mut().insert(LogInfo {
                op: "control",
                result: None,
            });
            resp
        }
        None => not_found("no such control file"),
    }
}

fn not_found(message: &str) -> Response {
    let e = ApiError::new(ErrorCode::NotFound, message);
    error_response("control", &e, None, Some(StatusCode::NOT_FOUND))
}

/// The request path as a relative path of plain names, or `None` when any part is empty, `.`,
/// `..`, hidden (`.git`), or holds a backslash, a colon or a control character.
pub(crate) fn safe_relative(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.split('/') {
        let plain = !part.is_empty()
            && !part.starts_with('.')
            && !part
                .chars()
                .any(|c| c == '\\' || c == ':' || c.is_control());
        if !plain {
            return None;
        }
        out.push(part);
    }
    (!out.as_os_str().is_empty()).then_some(out)
}

/// The bytes of `root/relative` when it is a regular file of at most
/// [`MAX_CONTROL_ASSET_BYTES`] whose real path lies under `root`'s.
async fn read_under(root: PathBuf, relative: PathBuf) -> Option<Vec<u8>> {
    let root = tokio::fs::canonicalize(root).await.ok()?;
    let file = tokio::fs::canonicalize(root.join(relative)).await.ok()?;
    if !file.starts_with(&root) {
        return None;
    }
    let meta = tokio::fs::metadata(&file).await.ok()?;
    if !meta.is_file() || meta.len() > MAX_CONTROL_ASSET_BYTES {
        return None;
    }
    tokio::fs::read(&file).await.ok()
}

/// The content type of a file by its extension.
pub(crate) fn content_type(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "js" | "mjs" => "application/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "html" | "htm" => "text/html; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "gif" => "image/gif",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "eot" => "application/vnd.ms-fontobject",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_served() {
        assert_eq!(
            safe_relative("js/jquery.autoaddress.min.js"),
            Some(PathBuf::from("js/jquery.autoaddress.min.js"))
        );
        for bad in [
            "",
            "../secret",
            "js/../../etc/passwd",
            "js//x.js",
            ".git/config",
            "js/.hidden",
            "js\\..\\x",
            "C:/x",
            "js/x\u{0}.js",
            "js/",
        ] {
            assert_eq!(safe_relative(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn content_types_by_extension() {
        assert_eq!(
            content_type("js/jquery.autoaddress.min.js"),
            "application/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type("css/autoaddress.min.css"),
            "text/css; charset=utf-8"
        );
        assert_eq!(content_type("img/logo.PNG"), "image/png");
        assert_eq!(content_type("fonts/x.woff2"), "font/woff2");
        assert_eq!(content_type("LICENSE"), "application/octet-stream");
    }
}
