//! The 2.0 error answer: a code, a human message, and the `{"errors":[…]}` body clients read.

use super::enums::ErrorCode;
use serde::{Deserialize, Serialize};

/// A request the service refuses, with the wire code and a message that says how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The wire code (`errors[0].type`).
    pub code: ErrorCode,
    /// Human text (`errors[0].message`).
    pub message: String,
}

impl ApiError {
    /// An error with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: message.into(),
        }
    }

    /// HTTP status for this error without JSONP (with a callback the server answers 200).
    pub fn http_status(&self) -> u16 {
        self.code.http_status()
    }

    /// The wire body `{"errors":[{"type":{…},"message":"…"}]}`.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            errors: vec![ErrorEntry {
                error_type: self.code,
                message: self.message.clone(),
            }],
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

/// The JSON body of an error response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Always one entry today; clients read `errors[0]`.
    pub errors: Vec<ErrorEntry>,
}

/// One error of an [`ErrorBody`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorEntry {
    /// The error code object.
    #[serde(rename = "type")]
    pub error_type: ErrorCode,
    /// Human text.
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_has_the_wire_shape() {
        let e = ApiError::new(ErrorCode::InvalidLicenceKey, "unknown key");
        let json = serde_json::to_string(&e.body()).unwrap();
        assert_eq!(
            json,
            r#"{"errors":[{"type":{"code":401002,"text":"InvalidLicenceKey"},"message":"unknown key"}]}"#
        );
        assert_eq!(e.http_status(), 401);
    }
}
