//! `seoladh::Error` as the Python exceptions of `seoladh.errors` (defined in Python, so they can
//! also be `OSError` and `ValueError`).

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seoladh::Error;

/// The exception class of `seoladh.errors` for an error.
fn class_of(e: &Error) -> &'static str {
    match e {
        Error::Io { .. } => "SeoladhOSError",
        Error::IndexNotSeoladh { .. }
        | Error::IndexTruncated { .. }
        | Error::IndexChecksum { .. }
        | Error::IndexCorrupt { .. } => "CorruptIndexError",
        Error::IndexFormatVersion { .. } | Error::IndexNormaliserVersion { .. } => {
            "IndexVersionError"
        }
        Error::UnknownProfile { .. } => "UnknownProfileError",
        Error::InvalidOption { .. } | Error::InvalidConfig { .. } => "InvalidOptionError",
        Error::ProfileConfig { .. } => "ProfileConfigError",
        Error::IndexBuild { .. }
        | Error::MissingTable { .. }
        | Error::BadHeader { .. }
        | Error::TooManyAddressLines { .. }
        | Error::Reference { .. }
        | Error::OutputNotEmpty { .. }
        | Error::BadQueryFile { .. } => "DataError",
        _ => "SeoladhError",
    }
}

/// The Python exception for `e`: its message, and for I/O errors the `errno` and file name
/// (as `OSError` has them).
pub fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let message = e.to_string();
    let build = || -> PyResult<PyErr> {
        let class = py.import("seoladh.errors")?.getattr(class_of(&e))?;
        let args = match &e {
            Error::Io { path, source } => PyTuple::new(
                py,
                [
                    source
                        .raw_os_error()
                        .unwrap_or(0)
                        .into_pyobject(py)?
                        .into_any(),
                    message.as_str().into_pyobject(py)?.into_any(),
                    path.display().to_string().into_pyobject(py)?.into_any(),
                ],
            )?,
            _ => PyTuple::new(py, [message.as_str()])?,
        };
        Ok(PyErr::from_value(class.call1(args)?))
    };
    // Only a broken installation (no `seoladh.errors`) gets here.
    build().unwrap_or_else(|_| PyRuntimeError::new_err(message))
}

/// An invalid argument of a call (`language="xx"`).
pub fn invalid_option(py: Python<'_>, option: &'static str, message: String) -> PyErr {
    to_py(py, Error::InvalidOption { option, message })
}
