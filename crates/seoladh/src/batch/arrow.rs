//! Batch rows from Arrow record batches and flat answers as Arrow columns (feature `arrow`):
//! the Parquet input and output of `seoladh batch` and the Python package's `find_arrow`.
//!
//! # Input columns
//! As the CSV header of [`batch`](super): `address` and optionally `id`, `eircode`, `language`,
//! `country`, `limit`, `addressProfileName`, named case-insensitively; strings (`utf8`,
//! `large_utf8`, `utf8_view`, dictionary-encoded too) or integers. A null address with an
//! Eircode looks the Eircode up; with neither the row is refused (400011). A bare string array
//! is an `address` column. The limits of the text layouts hold ([`Row::columnar`]): a field
//! longer than [`MAX_FIELD_BYTES`] or an id longer than [`MAX_BATCH_ID_BYTES`] makes its row an
//! error row. A refused row's message does not name its row number, so a row is answered alike
//! however the input is split (one batch, or Spark's partitions), and a row refused for a long
//! field keeps its id.
//!
//! # Answer columns
//! [`answer_fields`]: `result_code`, `result`, `address_id`, `address_type`, `postcode`,
//! `match_level`, `postal_address`, `reformatted_address`, `unmatched`, `total_options`,
//! `error_code`, `error`. Integers are signed (Spark and Java have no unsigned types); a
//! refused row has null answer columns and its wire error in `error_code` and `error`.

use std::sync::Arc;

use arrow_array::builder::{Int32Builder, Int64Builder, ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use serde_json::Value;

use super::flat::FlatAnswer;
use super::input::{long_field, long_id, Row, RowFields};
use crate::api::WireEnum;
use crate::error::{Error, Result};
use crate::limits::{MAX_BATCH_ID_BYTES, MAX_FIELD_BYTES};

/// The rows of a record batch (see the module docs for its columns); `first` is the 1-based
/// number of its first row in the whole input (the id of rows without one, and in messages).
///
/// # Errors
/// [`Error::InvalidOption`] when there is no `address` column, or a request column has a type
/// other than strings or integers.
pub fn rows(batch: &RecordBatch, first: u64) -> Result<Vec<Row>> {
    let schema = batch.schema();
    let find = |name: &str| -> Result<Option<Column<'_>>> {
        match schema
            .fields()
            .iter()
            .position(|f| f.name().trim().eq_ignore_ascii_case(name))
        {
            Some(i) => Column::new(name, batch.column(i).as_ref()).map(Some),
            None => Ok(None),
        }
    };
    let address = find("address")?.ok_or_else(|| Error::InvalidOption {
        option: "input",
        message: format!(
            "the record batch has no `address` column (columns: {}; an address column, and \
             optionally id, eircode, language, country, limit, addressProfileName)",
            schema
                .fields()
                .iter()
                .map(|f| f.name().as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })?;
    let columns = Columns {
        address,
        id: find("id")?,
        eircode: find("eircode")?,
        language: find("language")?,
        country: find("country")?,
        limit: find("limit")?,
        profile: find("addressProfileName")?,
    };
    Ok((0..batch.num_rows())
        .map(|i| columns.row(i, first + i as u64))
        .collect())
}

/// The rows of a bare array of addresses (strings), numbered from `first`.
///
/// # Errors
/// [`Error::InvalidOption`] when the array holds neither strings nor integers.
pub fn address_rows(addresses: &dyn Array, first: u64) -> Result<Vec<Row>> {
    let columns = Columns {
        address: Column::new("address", addresses)?,
        id: None,
        eircode: None,
        language: None,
        country: None,
        limit: None,
        profile: None,
    };
    Ok((0..addresses.len())
        .map(|i| columns.row(i, first + i as u64))
        .collect())
}

/// The request columns of a batch.
struct Columns<'a> {
    address: Column<'a>,
    id: Option<Column<'a>>,
    eircode: Option<Column<'a>>,
    language: Option<Column<'a>>,
    country: Option<Column<'a>>,
    limit: Option<Column<'a>>,
    profile: Option<Column<'a>>,
}

impl Columns<'_> {
    /// Row `i`, the `n`th of the input.
    fn row(&self, i: usize, n: u64) -> Row {
        // Values over the limits are refused before they are copied: a file of long values
        // costs no copies of them (the checks of `Row::columnar`, in its order).
        let long_id_here = self
            .id
            .as_ref()
            .is_some_and(|c| c.text_len(i) > MAX_BATCH_ID_BYTES);
        let request = [
            ("address", Some(&self.address)),
            ("eircode", self.eircode.as_ref()),
            ("language", self.language.as_ref()),
            ("country", self.country.as_ref()),
            ("limit", self.limit.as_ref()),
            ("addressProfileName", self.profile.as_ref()),
        ];
        let long = request
            .iter()
            .find(|(_, c)| c.is_some_and(|c| c.text_len(i) > MAX_FIELD_BYTES));
        match (long, long_id_here) {
            (Some((name, _)), true) => return Row::unreadable(n, long_field(name)),
            (Some((name, _)), false) => {
                let id = self.id.as_ref().and_then(|c| c.value(i));
                return Row::columnar(n, id, Err(long_field(name)));
            }
            (None, true) => return Row::unreadable(n, long_id()),
            (None, false) => {}
        }
        let text = |c: &Option<Column<'_>>| {
            c.as_ref()
                .and_then(|c| c.text(i))
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        };
        let id = self.id.as_ref().and_then(|c| c.value(i));
        let eircode = text(&self.eircode);
        let address = match (self.address.text(i), &eircode) {
            (Some(a), _) => a,
            (None, Some(_)) => String::new(),
            (None, None) => return Row::columnar(n, id, Err("the address is null".into())),
        };
        let fields = RowFields {
            address,
            eircode,
            language: text(&self.language),
            country: text(&self.country),
            limit: text(&self.limit),
            profile: text(&self.profile),
        };
        Row::columnar(n, id, Ok(fields))
    }
}

/// One request column: its array, and a dictionary's keys resolved once.
struct Column<'a> {
    outer: &'a dyn Array,
    values: &'a dyn Array,
    keys: Option<Vec<usize>>,
}

impl<'a> Column<'a> {
    fn new(name: &str, array: &'a dyn Array) -> Result<Column<'a>> {
        let (values, keys) = match array.as_any_dictionary_opt() {
            Some(d) => (d.values().as_ref(), Some(d.normalized_keys())),
            None => (array, None),
        };
        if !readable(values.data_type()) {
            return Err(Error::InvalidOption {
                option: "input",
                message: format!(
                    "column `{name}` has type {}; use strings (or integers)",
                    array.data_type()
                ),
            });
        }
        Ok(Column {
            outer: array,
            values,
            keys,
        })
    }

    /// Row `i` as a JSON string or number; `None` when null.
    fn value(&self, i: usize) -> Option<Value> {
        if self.outer.is_null(i) {
            return None;
        }
        let j = self.keys.as_ref().map_or(i, |k| k[i]);
        let a = self.values;
        if a.is_null(j) {
            return None;
        }
        Some(match a.data_type() {
            DataType::Utf8 => Value::from(a.as_string::<i32>().value(j)),
            DataType::LargeUtf8 => Value::from(a.as_string::<i64>().value(j)),
            DataType::Utf8View => Value::from(a.as_string_view().value(j)),
            DataType::Int8 => Value::from(a.as_primitive::<Int8Type>().value(j)),
            DataType::Int16 => Value::from(a.as_primitive::<Int16Type>().value(j)),
            DataType::Int32 => Value::from(a.as_primitive::<Int32Type>().value(j)),
            DataType::Int64 => Value::from(a.as_primitive::<Int64Type>().value(j)),
            DataType::UInt8 => Value::from(a.as_primitive::<UInt8Type>().value(j)),
            DataType::UInt16 => Value::from(a.as_primitive::<UInt16Type>().value(j)),
            DataType::UInt32 => Value::from(a.as_primitive::<UInt32Type>().value(j)),
            DataType::UInt64 => Value::from(a.as_primitive::<UInt64Type>().value(j)),
            _ => return None,
        })
    }

    /// Bytes of row `i` when it is a string (0 when null or a number), without copying it.
    fn text_len(&self, i: usize) -> usize {
        if self.outer.is_null(i) {
            return 0;
        }
        let j = self.keys.as_ref().map_or(i, |k| k[i]);
        let a = self.values;
        if a.is_null(j) {
            return 0;
        }
        match a.data_type() {
            DataType::Utf8 => a.as_string::<i32>().value(j).len(),
            DataType::LargeUtf8 => a.as_string::<i64>().value(j).len(),
            DataType::Utf8View => a.as_string_view().value(j).len(),
            _ => 0,
        }
    }

    /// Row `i` as text; `None` when null.
    fn text(&self, i: usize) -> Option<String> {
        match self.value(i)? {
            Value::String(s) => Some(s),
            other => Some(other.to_string()),
        }
    }
}

/// Whether [`Column::value`] reads this type.
fn readable(t: &DataType) -> bool {
    matches!(
        t,
        DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Int8
            | DataType::Int16
            | DataType::Int32
            | DataType::Int64
            | DataType::UInt8
            | DataType::UInt16
            | DataType::UInt32
            | DataType::UInt64
            | DataType::Null
    )
}

/// The answer columns (see the module docs), all nullable.
pub fn answer_fields() -> Vec<Field> {
    let lines = || DataType::List(Arc::new(Field::new("item", DataType::Utf8, true)));
    vec![
        Field::new("result_code", DataType::Int32, true),
        Field::new("result", DataType::Utf8, true),
        Field::new("address_id", DataType::Int64, true),
        Field::new("address_type", DataType::Utf8, true),
        Field::new("postcode", DataType::Utf8, true),
        Field::new("match_level", DataType::Utf8, true),
        Field::new("postal_address", lines(), true),
        Field::new("reformatted_address", lines(), true),
        Field::new("unmatched", lines(), true),
        Field::new("total_options", DataType::Int64, true),
        Field::new("error_code", DataType::Int32, true),
        Field::new("error", DataType::Utf8, true),
    ]
}

/// The answer columns of `answers`, in the order of [`answer_fields`].
pub fn answer_columns(answers: &[FlatAnswer]) -> Vec<ArrayRef> {
    let n = answers.len();
    let mut result_code = Int32Builder::with_capacity(n);
    let mut result = StringBuilder::with_capacity(n, n * 16);
    let mut address_id = Int64Builder::with_capacity(n);
    let mut address_type = StringBuilder::with_capacity(n, n * 16);
    let mut postcode = StringBuilder::with_capacity(n, n * 7);
    let mut match_level = StringBuilder::with_capacity(n, n * 12);
    let mut postal = ListBuilder::with_capacity(StringBuilder::new(), n);
    let mut reformatted = ListBuilder::with_capacity(StringBuilder::new(), n);
    let mut unmatched = ListBuilder::with_capacity(StringBuilder::new(), n);
    let mut total_options = Int64Builder::with_capacity(n);
    let mut error_code = Int32Builder::with_capacity(n);
    let mut error = StringBuilder::with_capacity(n, 0);
    for a in answers {
        result_code.append_option(a.result.map(|r| wire_int(r.code())));
        result.append_option(a.result.map(|r| r.text()));
        address_id.append_option(a.address_id.map(|id| i64::try_from(id).unwrap_or(i64::MAX)));
        address_type.append_option(a.address_type.map(|t| t.text()));
        postcode.append_option(a.postcode.as_deref());
        match_level.append_option(a.match_level.map(|m| m.text()));
        append_lines(
            &mut postal,
            a.postal_address
                .as_ref()
                .map(|l| l.iter().map(|s| Some(s.as_str()))),
        );
        append_lines(
            &mut reformatted,
            a.reformatted_address
                .as_ref()
                .map(|l| l.iter().map(|s| s.as_deref())),
        );
        append_lines(
            &mut unmatched,
            a.unmatched
                .as_ref()
                .map(|l| l.iter().map(|s| Some(s.as_str()))),
        );
        total_options.append_option(
            a.total_options
                .map(|t| i64::try_from(t).unwrap_or(i64::MAX)),
        );
        error_code.append_option(a.error.as_ref().map(|e| wire_int(e.code.code())));
        error.append_option(a.error.as_ref().map(|e| e.message.as_str()));
    }
    vec![
        Arc::new(result_code.finish()),
        Arc::new(result.finish()),
        Arc::new(address_id.finish()),
        Arc::new(address_type.finish()),
        Arc::new(postcode.finish()),
        Arc::new(match_level.finish()),
        Arc::new(postal.finish()),
        Arc::new(reformatted.finish()),
        Arc::new(unmatched.finish()),
        Arc::new(total_options.finish()),
        Arc::new(error_code.finish()),
        Arc::new(error.finish()),
    ]
}

/// A record batch of `answers`, after the `leading` columns (an id column) when given.
///
/// # Errors
/// [`Error::InvalidOption`] when a leading column's length is not the number of answers.
pub fn answer_batch(
    leading: Vec<(Field, ArrayRef)>,
    answers: &[FlatAnswer],
) -> Result<RecordBatch> {
    let (mut fields, mut columns): (Vec<Field>, Vec<ArrayRef>) = leading.into_iter().unzip();
    fields.extend(answer_fields());
    columns.extend(answer_columns(answers));
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(|e| Error::InvalidOption {
        option: "columns",
        message: e.to_string(),
    })
}

/// Wire codes (at most six digits) as Arrow's signed integers.
fn wire_int(code: u32) -> i32 {
    i32::try_from(code).unwrap_or(i32::MAX)
}

fn append_lines<'a>(
    list: &mut ListBuilder<StringBuilder>,
    lines: Option<impl Iterator<Item = Option<&'a str>>>,
) {
    match lines {
        Some(lines) => {
            for line in lines {
                list.values().append_option(line);
            }
            list.append(true);
        }
        None => list.append(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{DictionaryArray, Int64Array, StringArray};

    #[test]
    fn rows_read_named_columns_of_any_string_or_integer_type() {
        let address: DictionaryArray<Int32Type> =
            vec![Some("1 MAIN ST"), None, None].into_iter().collect();
        let batch = RecordBatch::try_from_iter([
            ("ADDRESS", Arc::new(address) as ArrayRef),
            (
                "id",
                Arc::new(Int64Array::from(vec![Some(7), None, Some(9)])) as ArrayRef,
            ),
            (
                "limit",
                Arc::new(Int64Array::from(vec![5, 1, 2])) as ArrayRef,
            ),
            (
                "eircode",
                Arc::new(StringArray::from(vec![None, Some(" A65F4E2 "), None])) as ArrayRef,
            ),
        ])
        .unwrap();
        let rows = rows(&batch, 11).unwrap();
        assert_eq!(rows[0].id, Value::from(7));
        assert_eq!(
            rows[0].fields,
            Ok(RowFields {
                limit: Some("5".into()),
                ..RowFields::address("1 MAIN ST")
            })
        );
        assert_eq!(
            rows[1].id,
            Value::from("12"),
            "the row number stands in, as a string"
        );
        assert_eq!(
            rows[1].fields.as_ref().unwrap().eircode.as_deref(),
            Some("A65F4E2")
        );
        assert_eq!(rows[2].fields, Err("the address is null".into()));
    }

    #[test]
    fn long_fields_and_ids_make_error_rows_without_the_id() {
        use crate::limits::{MAX_BATCH_ID_BYTES, MAX_FIELD_BYTES};
        let long_id = "i".repeat(MAX_BATCH_ID_BYTES + 1);
        let batch = RecordBatch::try_from_iter([
            (
                "address",
                Arc::new(StringArray::from(vec![
                    "x".repeat(MAX_FIELD_BYTES + 1),
                    "main street".into(),
                    "main street".into(),
                ])) as ArrayRef,
            ),
            (
                "id",
                Arc::new(StringArray::from(vec!["a", long_id.as_str(), "c"])) as ArrayRef,
            ),
            (
                "addressProfileName",
                Arc::new(StringArray::from(vec![None, None, Some("Demo5LineV2")])) as ArrayRef,
            ),
        ])
        .unwrap();
        let rows = rows(&batch, 1).unwrap();
        assert_eq!(rows[0].id, Value::from("a"), "a sound id is kept");
        assert!(rows[0]
            .fields
            .as_ref()
            .unwrap_err()
            .contains("field `address` is longer"));
        assert_eq!(rows[1].id, Value::from("2"), "the long id is not echoed");
        assert!(rows[1]
            .fields
            .as_ref()
            .unwrap_err()
            .contains("id is longer"));
        assert_eq!(rows[2].id, Value::from("c"));
        assert_eq!(
            rows[2].fields.as_ref().unwrap().profile.as_deref(),
            Some("Demo5LineV2")
        );
    }

    #[test]
    fn a_batch_without_addresses_or_with_unreadable_columns_is_refused() {
        let batch = RecordBatch::try_from_iter([(
            "text",
            Arc::new(StringArray::from(vec!["x"])) as ArrayRef,
        )])
        .unwrap();
        assert!(rows(&batch, 1)
            .unwrap_err()
            .to_string()
            .contains("no `address`"));
        let floats = arrow_array::Float64Array::from(vec![1.0]);
        assert!(address_rows(&floats, 1)
            .unwrap_err()
            .to_string()
            .contains("Float64"));
    }

    #[test]
    fn answers_become_columns_with_nulls_for_refused_rows() {
        let ok = FlatAnswer {
            result: Some(crate::api::FindResult::PostcodeAppended),
            postal_address: Some(vec!["1 MAIN ST".into(), "NAAS".into()]),
            reformatted_address: Some(vec![Some("1 MAIN ST".into()), None]),
            total_options: Some(0),
            ..FlatAnswer::default()
        };
        let refused = FlatAnswer::from(crate::api::ApiError::new(
            crate::api::ErrorCode::InvalidLanguage,
            "language `xx` is not supported",
        ));
        let batch = answer_batch(vec![], &[ok, refused]).unwrap();
        assert_eq!(batch.num_columns(), answer_fields().len());
        let code = batch.column(0).as_primitive::<Int32Type>();
        assert_eq!((code.value(0), code.is_null(1)), (100, true));
        let lines = batch.column(7).as_list::<i32>();
        assert_eq!(lines.value(0).null_count(), 1);
        assert!(lines.is_null(1));
        let error_code = batch.column(10).as_primitive::<Int32Type>();
        assert_eq!(error_code.value(1), 400_001);
    }
}
