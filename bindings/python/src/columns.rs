//! Batch calls: rows from a Python list or Arrow data, answered on all cores with the GIL
//! released (`seoladh::batch::answer_flat`, the per-row logic of `seoladh batch`), returned as
//! one `pyarrow.RecordBatch` of flat answer columns through the Arrow C data interface.

use std::sync::Arc;

use arrow_array::ffi_stream::ArrayStreamReader;
use arrow_array::{make_array, Array, ArrayRef, RecordBatch, StructArray};
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::{DataType, Field};
use arrow_select::concat::concat;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyString};
use seoladh::batch::{self, BatchOptions, Row, RowFields};
use seoladh::{Engine, QueryOptions};

use crate::errors;

/// Names of the answer columns, in order.
pub fn answer_column_names() -> Vec<String> {
    batch::arrow::answer_fields()
        .iter()
        .map(|f| f.name().clone())
        .collect()
}

/// `Engine.find_many`: a sequence of strings (or `None`s) in, answer columns out.
pub fn find_many<'py>(
    py: Python<'py>,
    engine: &Engine,
    addresses: &Bound<'py, PyAny>,
    query: QueryOptions,
) -> PyResult<Bound<'py, PyAny>> {
    if addresses.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "find_many takes a sequence of addresses, not one string: use find() for one",
        ));
    }
    let mut rows = Vec::with_capacity(addresses.len().unwrap_or(0));
    for (i, item) in addresses.try_iter()?.enumerate() {
        let item = item?;
        let n = i as u64 + 1;
        rows.push(if item.is_none() {
            Row::unreadable(n, "the address is None".into())
        } else if let Ok(s) = item.cast::<PyString>() {
            // The limits of every batch layout (a field over 64 KiB is an error row).
            Row::columnar(n, None, Ok(RowFields::address(s.to_cow()?)))
        } else {
            let type_name = item.get_type().name()?;
            Row::unreadable(n, format!("the address is not a str but {type_name}"))
        });
    }
    answer(py, engine, &rows, query, Vec::new())
}

/// `Engine.find_arrow`: an Arrow array of addresses or a record batch (anything exporting
/// `__arrow_c_array__`, or a table or chunked array through `__arrow_c_stream__`) in, answer
/// columns out, after the input's `keep` columns.
pub fn find_arrow<'py>(
    py: Python<'py>,
    engine: &Engine,
    data: &Bound<'py, PyAny>,
    query: QueryOptions,
    keep: &[String],
) -> PyResult<Bound<'py, PyAny>> {
    let input = import(data)?;
    let rows = match &input {
        Input::Batch(b) => batch::arrow::rows(b, 1),
        Input::Addresses(a) => batch::arrow::address_rows(a.as_ref(), 1),
    }
    .map_err(|e| errors::to_py(py, e))?;
    let leading = kept(py, &input, keep)?;
    answer(py, engine, &rows, query, leading)
}

/// Answers `rows` with the GIL released and builds the record batch.
fn answer<'py>(
    py: Python<'py>,
    engine: &Engine,
    rows: &[Row],
    query: QueryOptions,
    leading: Vec<(Field, ArrayRef)>,
) -> PyResult<Bound<'py, PyAny>> {
    let opts = BatchOptions {
        query,
        ..BatchOptions::default()
    };
    let batch = py.detach(|| {
        let answers = batch::answer_flat(engine, rows, &opts);
        batch::arrow::answer_batch(leading, &answers)
    });
    batch.map_err(|e| errors::to_py(py, e))?.to_pyarrow(py)
}

/// Arrow data from Python.
enum Input {
    /// A record batch (or a struct array, or a table's batches joined).
    Batch(RecordBatch),
    /// A bare array: the addresses.
    Addresses(ArrayRef),
}

fn import(data: &Bound<'_, PyAny>) -> PyResult<Input> {
    if data.hasattr("__arrow_c_array__")? {
        let array = make_array(arrow_data::ArrayData::from_pyarrow_bound(data)?);
        return Ok(match array.data_type() {
            DataType::Struct(_) => Input::Batch(struct_batch(array)?),
            _ => Input::Addresses(array),
        });
    }
    if data.hasattr("__arrow_c_stream__")? {
        return stream(data);
    }
    let type_name = data.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "find_arrow takes Arrow data (a pyarrow Array, ChunkedArray, RecordBatch or Table, or \
         any object with __arrow_c_array__ or __arrow_c_stream__), not {type_name}"
    )))
}

/// A struct array's fields as a record batch.
fn struct_batch(array: ArrayRef) -> PyResult<RecordBatch> {
    let s = array
        .as_any()
        .downcast_ref::<StructArray>()
        .ok_or_else(|| PyTypeError::new_err("expected a struct array"))?;
    Ok(RecordBatch::from(s.clone()))
}

/// A whole Arrow stream (a table, a chunked array) as one batch or array.
fn stream(data: &Bound<'_, PyAny>) -> PyResult<Input> {
    let capsule = data.call_method0("__arrow_c_stream__")?;
    let capsule = capsule.cast::<PyCapsule>()?;
    let pointer = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
    // SAFETY: the capsule named `arrow_array_stream` holds an FFI_ArrowArrayStream (the Arrow
    // PyCapsule interface); `from_raw` moves it out, leaving a released stream for the
    // capsule's destructor.
    let reader = unsafe { ArrayStreamReader::from_raw(pointer.cast().as_ptr()) }
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let chunks = reader
        .collect::<Result<Vec<ArrayRef>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let refs: Vec<&dyn Array> = chunks.iter().map(|a| a.as_ref()).collect();
    let whole = match refs.as_slice() {
        [] => return Err(PyValueError::new_err("the Arrow stream holds no chunks")),
        [one] => make_array(one.to_data()),
        many => concat(many).map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    Ok(match whole.data_type() {
        DataType::Struct(_) => Input::Batch(struct_batch(whole)?),
        _ => Input::Addresses(whole),
    })
}

/// The input's `keep` columns, to lead the output.
fn kept(py: Python<'_>, input: &Input, keep: &[String]) -> PyResult<Vec<(Field, ArrayRef)>> {
    let Input::Batch(b) = input else {
        return match keep.first() {
            None => Ok(Vec::new()),
            Some(name) => Err(errors::invalid_option(
                py,
                "keep",
                format!("cannot keep `{name}`: the input is an array, not a record batch"),
            )),
        };
    };
    let schema = b.schema();
    keep.iter()
        .map(|name| match schema.index_of(name) {
            Ok(i) => Ok((schema.field(i).clone(), Arc::clone(b.column(i)))),
            Err(_) => Err(errors::invalid_option(
                py,
                "keep",
                format!("the input has no column `{name}`"),
            )),
        })
        .collect()
}
