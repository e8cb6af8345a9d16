//! Parquet for `seoladh batch`: rows read from a Parquet file's record batches, and flat
//! answers written as a Parquet file (the columns of `seoladh::batch::arrow`).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ParquetRecordBatchReaderBuilder};
use parquet::arrow::{ArrowWriter, ProjectionMask};
use parquet::basic::{Compression, Type as PhysicalType, ZstdLevel};
use parquet::column::page::Page;
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, RowGroupReader, SerializedFileReader};
use seoladh::batch::{self, FlatAnswer, Row, Rows};
use seoladh::Error;
use serde_json::Value;

/// The input columns `seoladh batch` reads; the others are not decoded.
const REQUEST_COLUMNS: [&str; 7] = [
    "address",
    "id",
    "eircode",
    "language",
    "country",
    "limit",
    "addressProfileName",
];

/// Rows per Parquet row group written: bounds the writer's memory.
const ROW_GROUP_ROWS: usize = 65_536;

/// Request-column bytes (uncompressed) a record batch read aims at: a batch is decoded whole,
/// so a row group whose rows are long (on average, or its longest dictionary value: one long
/// string repeated on every row costs nothing on disk) is read fewer rows at a time, down to
/// one.
const READ_BATCH_BYTES: u64 = 16 << 20;

/// Most bytes (uncompressed) one request column may hold in one row group. A page is
/// decompressed whole, and a page can be as large as its column chunk, so this bounds the
/// memory a small file of huge values (they compress to nothing) can take. Writers' row groups
/// hold far less: a million addresses are about 64 MiB.
const MAX_COLUMN_CHUNK_BYTES: i64 = 512 << 20;

/// Whether `path` names a Parquet file (`.parquet`, `.pq`).
pub fn is_parquet(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("parquet") || e.eq_ignore_ascii_case("pq"))
}

/// How the output's `id` column is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdType {
    /// Integers: the input's integer ids (a row whose id is null gets its row number).
    Int,
    /// Text: the ids as the CSV output writes them, and row numbers (as strings, as in every
    /// output) when the input has no `id` column.
    Text,
}

/// The rows of the Parquet file at `path`, read a row group at a time in record batches of at
/// most `chunk` rows (fewer for long rows: [`READ_BATCH_BYTES`]), and the
/// type its `id` column gets in a Parquet output.
///
/// # Errors
/// [`Error::InvalidOption`] when `path` is not a regular file (Parquet is read from its end, so
/// not from a pipe; it is not opened, as opening a pipe waits for a writer), or when a row
/// group's request column holds more than [`MAX_COLUMN_CHUNK_BYTES`]; [`Error::Io`] when it
/// cannot be read or is not Parquet.
pub fn read(path: &Path, chunk: usize) -> Result<(Rows<'static>, IdType), Error> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(Error::InvalidOption {
            option: "--input",
            message: format!(
                "{} is not a regular file: a Parquet input is read from its end, so it cannot \
                 come from a pipe (pipe CSV or JSON lines instead)",
                path.display()
            ),
        });
    }
    let file = File::open(path).map_err(io)?;
    let metadata =
        ArrowReaderMetadata::load(&file, Default::default()).map_err(|e| bad(path, e))?;
    let schema = Arc::clone(metadata.schema());
    let wanted: Vec<usize> = schema
        .fields()
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            REQUEST_COLUMNS
                .iter()
                .any(|c| f.name().trim().eq_ignore_ascii_case(c))
        })
        .map(|(i, _)| i)
        .collect();
    let id_type = match schema
        .fields()
        .iter()
        .find(|f| f.name().trim().eq_ignore_ascii_case("id"))
    {
        Some(f) if f.data_type().is_integer() => IdType::Int,
        _ => IdType::Text,
    };
    let parquet_schema = metadata.parquet_schema();
    let mask = ProjectionMask::roots(parquet_schema, wanted.iter().copied());
    // Each row group's request bytes per row set its batch size; an oversized one is refused
    // before a row is read.
    let leaves: Vec<usize> = (0..parquet_schema.num_columns())
        .filter(|&leaf| wanted.contains(&parquet_schema.get_column_root_idx(leaf)))
        .collect();
    let pages =
        SerializedFileReader::new(file.try_clone().map_err(io)?).map_err(|e| bad(path, e))?;
    let mut row_groups = Vec::new();
    for (i, group) in metadata.metadata().row_groups().iter().enumerate() {
        let mut bytes = 0u64;
        for &leaf in &leaves {
            let column = group.column(leaf);
            if column.uncompressed_size() > MAX_COLUMN_CHUNK_BYTES {
                return Err(Error::InvalidOption {
                    option: "--input",
                    message: format!(
                        "{}: row group {} holds {} bytes of column `{}` uncompressed, more than \
                         the {MAX_COLUMN_CHUNK_BYTES} bytes read at once: rewrite the file in \
                         smaller row groups (pyarrow: row_group_size=1_000_000), or with its \
                         long values cut",
                        path.display(),
                        i + 1,
                        column.uncompressed_size(),
                        column.column_path().string()
                    ),
                });
            }
            bytes += u64::try_from(column.uncompressed_size()).unwrap_or(0);
        }
        let rows = u64::try_from(group.num_rows()).unwrap_or(0);
        let longest = pages
            .get_row_group(i)
            .and_then(|g| longest_dictionary_value(g.as_ref(), &leaves))
            .map_err(|e| bad(path, e))?;
        let per_row = (bytes / rows.max(1)).max(longest).max(1);
        let fit = usize::try_from(READ_BATCH_BYTES / per_row).unwrap_or(usize::MAX);
        row_groups.push((i, fit.clamp(1, chunk.max(1))));
    }
    let name = path.to_path_buf();
    let batches = row_groups.into_iter().flat_map(move |(group, batch_rows)| {
        let reader = file
            .try_clone()
            .map_err(|source| Error::Io {
                path: name.clone(),
                source,
            })
            .and_then(|file| {
                ParquetRecordBatchReaderBuilder::new_with_metadata(file, metadata.clone())
                    .with_row_groups(vec![group])
                    .with_projection(mask.clone())
                    .with_batch_size(batch_rows)
                    .build()
                    .map_err(|e| bad(&name, e))
            });
        let batches: Box<dyn Iterator<Item = Result<RecordBatch, Error>>> = match reader {
            Ok(reader) => {
                let name = name.clone();
                Box::new(reader.map(move |b| b.map_err(|e| bad(&name, e))))
            }
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        batches
    });
    let name = path.to_path_buf();
    let mut next_row = 1u64;
    let rows = batches.flat_map(move |batch| {
        let rows: Vec<Result<Row, Error>> = match batch {
            Ok(batch) => {
                let first = next_row;
                next_row += batch.num_rows() as u64;
                match batch::arrow::rows(&batch, first) {
                    Ok(rows) => rows.into_iter().map(Ok).collect(),
                    Err(e) => vec![Err(in_file(&name, e))],
                }
            }
            Err(e) => vec![Err(e)],
        };
        rows
    });
    Ok((Rows::made(rows), id_type))
}

/// The longest value in the dictionaries of the byte-array `leaves` of a row group: a
/// dictionary-encoded column repeats its values in a record batch without their bytes on disk,
/// so its rows are as long as its longest value, whatever the average. The dictionary page
/// (about a megabyte from the usual writers) is read; the data pages are not.
fn longest_dictionary_value(
    group: &dyn RowGroupReader,
    leaves: &[usize],
) -> parquet::errors::Result<u64> {
    let mut longest = 0u64;
    for &leaf in leaves {
        if group.metadata().column(leaf).column_type() != PhysicalType::BYTE_ARRAY {
            continue;
        }
        let mut pages = group.get_column_page_reader(leaf)?;
        if !pages.peek_next_page()?.is_some_and(|p| p.is_dict) {
            continue;
        }
        if let Some(Page::DictionaryPage { buf, .. }) = pages.get_next_page()? {
            // PLAIN byte arrays: a 4-byte little-endian length, then the bytes.
            let mut rest = &buf[..];
            while let [a, b, c, d, tail @ ..] = rest {
                let len = u32::from_le_bytes([*a, *b, *c, *d]) as usize;
                longest = longest.max(len as u64);
                rest = tail.get(len..).unwrap_or(&[]);
            }
        }
    }
    Ok(longest)
}

/// A Parquet output being written: to `<output>.partial`, renamed when complete.
pub struct Writer {
    writer: ArrowWriter<File>,
    id_type: IdType,
    id_field: Field,
    partial: PathBuf,
    output: PathBuf,
}

impl Writer {
    /// Starts writing `output`, which must not exist (a Parquet file cannot be appended to, so
    /// a run cannot resume into it; it is written beside its name and renamed, so it cannot be
    /// a pipe or a device either).
    pub fn create(output: &Path, id_type: IdType) -> Result<Writer, Error> {
        if std::fs::metadata(output).is_ok_and(|m| !m.is_file()) {
            return Err(Error::InvalidOption {
                option: "--output",
                message: format!(
                    "{} is not a regular file: a Parquet output is written whole and renamed \
                     into place; stream JSON lines or CSV to a pipe or device instead",
                    output.display()
                ),
            });
        }
        if output.exists() {
            return Err(Error::InvalidOption {
                option: "--output",
                message: format!(
                    "{} exists, and a Parquet output cannot be resumed or appended to: remove \
                     it or choose another name",
                    output.display()
                ),
            });
        }
        let mut partial = output.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let file = File::create(&partial).map_err(|source| Error::Io {
            path: partial.clone(),
            source,
        })?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .build();
        let id_field = Field::new(
            "id",
            match id_type {
                IdType::Int => DataType::Int64,
                IdType::Text => DataType::Utf8,
            },
            true,
        );
        let mut fields = vec![id_field.clone()];
        fields.extend(batch::arrow::answer_fields());
        let writer = ArrowWriter::try_new(file, Arc::new(Schema::new(fields)), Some(props))
            .map_err(|e| bad(&partial, e))?;
        Ok(Writer {
            writer,
            id_type,
            id_field,
            partial,
            output: output.to_path_buf(),
        })
    }

    /// Writes a chunk of answered rows.
    pub fn write(&mut self, answers: Vec<(Value, FlatAnswer)>) -> Result<(), Error> {
        let (ids, answers): (Vec<Value>, Vec<FlatAnswer>) = answers.into_iter().unzip();
        let ids: ArrayRef = match self.id_type {
            IdType::Int => {
                let mut b = Int64Builder::with_capacity(ids.len());
                for id in &ids {
                    // A null id stood in for by the row number, a string.
                    let n = id.as_str().and_then(|s| s.parse().ok());
                    b.append_option(id.as_i64().or(n));
                }
                Arc::new(b.finish())
            }
            IdType::Text => {
                let mut b = StringBuilder::with_capacity(ids.len(), ids.len() * 8);
                for id in &ids {
                    b.append_value(batch::cell(id));
                }
                Arc::new(b.finish())
            }
        };
        let batch: RecordBatch =
            batch::arrow::answer_batch(vec![(self.id_field.clone(), ids)], &answers)?;
        // Row groups go to the file as they fill (ROW_GROUP_ROWS rows).
        self.writer.write(&batch).map_err(|e| bad(&self.partial, e))
    }

    /// Finishes the file and gives it its name.
    pub fn finish(self) -> Result<(), Error> {
        self.writer.close().map_err(|e| bad(&self.partial, e))?;
        std::fs::rename(&self.partial, &self.output).map_err(|source| Error::Io {
            path: self.output.clone(),
            source,
        })
    }

    /// Removes the unfinished file after a failed run.
    pub fn abandon(self) {
        drop(self.writer);
        let _ = std::fs::remove_file(&self.partial);
    }
}

/// A Parquet or Arrow error reading or writing `path`.
fn bad(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    }
}

/// An engine error about the columns of the file at `path`.
fn in_file(path: &Path, e: Error) -> Error {
    match e {
        Error::InvalidOption { option, message } => Error::InvalidOption {
            option,
            message: format!("{}: {message}", path.display()),
        },
        other => other,
    }
}
