//! Python values into the solver's: options, problems, lines and rows; and the solver's input
//! errors into `tsume.InputError`.

use crate::InputError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::path::PathBuf;
use std::time::Duration;
use tsume::app::collection::{text_row, Expected, Row, Source};
use tsume::app::problem::InputError as ReadError;
use tsume::app::settings::{
    count, parse_capturer, seconds, RulesName, SearchSettings, Setting, SettingError,
};
use tsume::notation::usi::parse_usi_moves_syntax;
use tsume::shogi::Move;

/// A `tsume.InputError` with its place and fault as attributes.
pub fn placed_error(
    py: Python<'_>,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    fault: String,
) -> PyErr {
    let err = InputError::new_err(message);
    let value = err.value(py);
    for (name, v) in [("line", line), ("column", column)] {
        if let Err(e) = value.setattr(name, v) {
            return e;
        }
    }
    if let Err(e) = value.setattr("fault", fault) {
        return e;
    }
    err
}

/// The solver's input error as a `tsume.InputError`: the command line's message, and the line,
/// column and fault apart.
pub fn input_error(py: Python<'_>, e: &ReadError) -> PyErr {
    let (line, column, fault) = e.place();
    placed_error(py, e.to_string(), line, column, fault)
}

/// The search settings of the keyword arguments, every value checked: refused as `ValueError`
/// (named by its keyword) when out of range.
pub fn build_settings(
    rules: &str,
    futile: &str,
    hash_mb: usize,
    threads: usize,
    time: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<SearchSettings> {
    let settings = settings(rules, futile, hash_mb, threads, time, nodes).map_err(value_error)?;
    settings.options().map_err(value_error)?;
    Ok(settings)
}

/// The settings the keywords name.
fn settings(
    rules: &str,
    futile: &str,
    hash_mb: usize,
    threads: usize,
    time: Option<f64>,
    nodes: Option<u64>,
) -> Result<SearchSettings, SettingError> {
    Ok(SearchSettings {
        rules: RulesName::parse(rules)?,
        futile: parse_capturer(futile)?,
        hash_mb: hash_mb as u64,
        threads: threads as u64,
        time,
        nodes,
        ..SearchSettings::default()
    })
}

/// A whole check's time, in seconds.
pub fn total_time_of(time: Option<f64>) -> PyResult<Option<Duration>> {
    time.map(|t| seconds(Setting::TotalTime, t))
        .transpose()
        .map_err(value_error)
}

/// A whole check's nodes.
pub fn total_nodes_of(nodes: Option<u64>) -> PyResult<Option<u64>> {
    nodes
        .map(|n| count(Setting::TotalNodes, n, 1))
        .transpose()
        .map_err(value_error)
}

/// A refused setting as a `ValueError`, named by its keyword.
pub fn value_error(e: SettingError) -> PyErr {
    PyValueError::new_err(e.for_keywords())
}

/// The text of a problem argument: a string, a path, or what an object's `.sfen()` gives (a
/// cshogi `Board`).
pub fn problem_text(position: &Bound<'_, PyAny>) -> PyResult<String> {
    if position.is_instance_of::<PyString>() {
        let text = position.extract::<String>()?;
        if text == "-" {
            return Err(PyValueError::new_err(
                "'-' (standard input) is for the command line: pass the problem's text",
            ));
        }
        return Ok(text);
    }
    if position.hasattr("sfen")? {
        return position.call_method0("sfen")?.extract::<String>();
    }
    if let Ok(path) = position.extract::<PathBuf>() {
        return Ok(path.to_string_lossy().into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "position: expected an SFEN string, a path or an object with a .sfen() method (a cshogi \
         Board), got {}",
        position.get_type().name()?
    )))
}

/// An intended line: USI moves in a string, or a sequence of them.
pub fn check_line(line: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
    let text = if line.is_instance_of::<PyString>() {
        line.extract::<String>()?
    } else {
        line.extract::<Vec<String>>()?.join(" ")
    };
    parse_usi_moves_syntax(&text).map_err(|e| {
        let fault = format!("move {}: {}", e.index, e.error);
        placed_error(
            line.py(),
            format!("line: column {}: {fault}", e.column),
            Some(1),
            Some(e.column),
            fault,
        )
    })
}

/// Where rows of a verification come from.
pub enum RowsSource {
    /// A row given.
    Row(Box<Row>),
    /// A collection file or directory.
    Path(PathBuf),
}

/// What is expected of a row: a length, `None`, or a `.sfen` trailer word.
fn expected_of(value: Option<&Bound<'_, PyAny>>) -> Result<Expected, String> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Expected::Unspecified);
    };
    if let Ok(n) = value.extract::<usize>() {
        return Expected::mate_in(n).map_err(|e| format!("expected: {e}"));
    }
    let word = value.extract::<String>().map_err(|_| {
        "expected: a mate length, None, or a word (mate, nomate, mate=N, nomate-within=N)"
            .to_string()
    })?;
    match Expected::parse_word(&word) {
        Some(e) => e.map_err(|e| format!("expected: {e}")),
        None => Err(format!(
            "expected: unknown word '{word}' (expected mate, nomate, mate=N or nomate-within=N)"
        )),
    }
}

/// The rows of `verify`'s `rows`: a path stands for its collection; an iterable gives rows.
pub fn rows_of(rows: &Bound<'_, PyAny>) -> PyResult<Vec<RowsSource>> {
    if rows.is_instance_of::<PyString>() || is_path(rows)? {
        return Ok(vec![RowsSource::Path(rows.extract::<PathBuf>()?)]);
    }
    let mut out = Vec::new();
    for (i, item) in rows.try_iter()?.enumerate() {
        let item = item?;
        let source = Source {
            file: PathBuf::from("<rows>"),
            line: i + 1,
        };
        let default_id = format!("row-{}", i + 1);
        if is_path(&item)? {
            out.push(RowsSource::Path(item.extract::<PathBuf>()?));
            continue;
        }
        let (id, sfen, expected, literal) = if let Ok(text) = item.extract::<String>() {
            (default_id, text, Ok(Expected::Unspecified), false)
        } else if let Ok(dict) = item.cast::<PyDict>() {
            let id = match dict.get_item("id")? {
                Some(v) if !v.is_none() => v.str()?.to_string(),
                _ => default_id,
            };
            let sfen = match dict.get_item("sfen")? {
                Some(v) => v.extract::<String>()?,
                None => {
                    return Err(PyValueError::new_err(format!(
                        "rows[{i}]: a dict row needs an 'sfen' key"
                    )))
                }
            };
            let expected = expected_of(dict.get_item("expected")?.as_ref());
            let literal = match dict.get_item("hands")? {
                Some(v) if !v.is_none() => v.extract::<String>()?.starts_with("literal"),
                _ => false,
            };
            (id, sfen, expected, literal)
        } else {
            let fields: Vec<Bound<'_, PyAny>> = item
                .try_iter()
                .and_then(|it| it.collect::<PyResult<Vec<_>>>())
                .map_err(|_| row_type_error(i, &item))?;
            match fields.as_slice() {
                [id, sfen] | [id, sfen, _] => (
                    id.str()?.to_string(),
                    sfen.extract::<String>()?,
                    expected_of(fields.get(2)),
                    false,
                ),
                _ => return Err(row_type_error(i, &item)),
            }
        };
        let row = match expected {
            Ok(expected) => text_row(id, &sfen, expected, literal, source),
            Err(message) => Err(tsume::app::collection::RowError {
                source,
                id: Some(id),
                text: sfen,
                message,
            }),
        };
        out.push(RowsSource::Row(Box::new(row)));
    }
    Ok(out)
}

/// An `os.PathLike` that is not a string (a `pathlib.Path`).
fn is_path(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(!value.is_instance_of::<PyString>() && value.hasattr("__fspath__")?)
}

fn row_type_error(i: usize, item: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "rows[{i}]: expected an SFEN string, an (id, sfen[, expected]) tuple, a dict with an \
         'sfen' key, or a pathlib.Path; got {}",
        item.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    ))
}
