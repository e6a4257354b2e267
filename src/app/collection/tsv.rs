//! Tab-separated tables: a header line naming the columns, then one record a line. This is the
//! one place that knows how such a file is split; the collection reader and every other table
//! of the project (perft counts, published lines) read through it.
//!
//! Blank lines and lines starting with `#` hold no record, before the header as after it.
//! Header names are trimmed; fields are kept as written, so that a fault's column can be told.

/// Whether a line holds no record: blank, or a `#` comment.
pub fn is_skipped(line: &str) -> bool {
    line.trim().is_empty() || line.starts_with('#')
}

/// The fields of a record line, as written.
pub fn fields(line: &str) -> Vec<&str> {
    line.split('\t').collect()
}

/// The column names of a header line, trimmed.
pub fn header(line: &str) -> Vec<&str> {
    line.split('\t').map(str::trim).collect()
}

/// A whole table held as text: its header and its records, each with its 1-based line.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The column names.
    pub columns: Vec<String>,
    /// The records, in file order.
    pub records: Vec<Record>,
}

/// One record of a [`Table`].
#[derive(Clone, Debug)]
pub struct Record {
    /// The 1-based line of the file.
    pub line: usize,
    /// The fields, as written.
    pub fields: Vec<String>,
}

impl Table {
    /// Splits `text`; a text with no header is an empty table.
    pub fn parse(text: &str) -> Table {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !is_skipped(l));
        let Some((_, head)) = lines.next() else {
            return Table::default();
        };
        Table {
            columns: header(head).into_iter().map(str::to_string).collect(),
            records: lines
                .map(|(i, l)| Record {
                    line: i + 1,
                    fields: fields(l).into_iter().map(str::to_string).collect(),
                })
                .collect(),
        }
    }

    /// The index of the column named `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// The field of `record` in the column named `name`, trimmed; `None` when the header has no
    /// such column or the record stops short of it.
    pub fn get<'a>(&self, record: &'a Record, name: &str) -> Option<&'a str> {
        let at = self.column(name)?;
        record.fields.get(at).map(|f| f.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_hold_no_record() {
        let t = Table::parse("# a note\n id \tsfen\n\n# another\na\tb c\nshort\n");
        assert_eq!(t.columns, ["id", "sfen"]);
        assert_eq!(t.records.len(), 2);
        assert_eq!(t.records[0].line, 5);
        assert_eq!(t.get(&t.records[0], "sfen"), Some("b c"));
        assert_eq!(t.get(&t.records[1], "sfen"), None);
        assert_eq!(t.get(&t.records[1], "nope"), None);
    }

    #[test]
    fn a_text_without_a_header_is_an_empty_table() {
        assert!(Table::parse("\n# only a note\n").columns.is_empty());
    }
}
