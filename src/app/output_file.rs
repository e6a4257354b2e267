//! Files that appear whole or not at all: `solve --kif` and the JSON reports of `verify` and
//! `check`. Each is written to a hidden temporary file beside its final path (named by the
//! process, so two runs do not collide and no file of the user's is touched), synced, and
//! renamed into place; one not written leaves nothing behind.
//!
//! A report has a journal beside it while its run goes on ([`ReportFile::journal`]): each record
//! appended and synced as soon as it is known, so that a run killed before its report (SIGKILL,
//! the OOM killer, a power cut) keeps every answer it had; the journal goes once the report is
//! in place.
//!
//! Every command creates its temporary files before it searches ([`OutputFile::create`],
//! [`ReportFile::create`]), so a path that cannot be written stops the run before any answer
//! is computed, and an answer is never lost to it.

use super::exit::AppError;
use serde::Serialize;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file that appears whole or not at all: written to a hidden temporary file beside its final
/// path (named by the process, so two runs do not collide and no file of the user's is touched),
/// synced, and renamed into place.
struct WholeFile {
    path: PathBuf,
    temp: PathBuf,
    file: File,
}

impl Drop for WholeFile {
    /// A file not written (an error, a panic) leaves no temporary file behind; once written, the
    /// temporary file has been renamed and there is nothing to remove.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.temp);
    }
}

impl WholeFile {
    /// Creates the temporary file now.
    fn create(path: &Path) -> std::io::Result<WholeFile> {
        let name = path.file_name().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name")
        })?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}.tmp", std::process::id()));
        let temp = path.with_file_name(temp_name);
        let file = File::create(&temp)?;
        Ok(WholeFile {
            path: path.to_path_buf(),
            temp,
            file,
        })
    }

    /// Writes the contents with `write`, then syncs the file and renames it into place.
    fn write(
        self,
        write: impl FnOnce(&mut BufWriter<&File>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut w = BufWriter::new(&self.file);
        write(&mut w)?;
        w.flush()?;
        drop(w);
        self.file.sync_all()?;
        std::fs::rename(&self.temp, &self.path)
    }
}

/// Writes `text` to `path` so that the file appears whole or not at all.
pub fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    OutputFile::create(path)?.write(text)
}

/// A text file created before the work that fills it (its temporary file made now, so an
/// unwritable path is seen before any search), and put in place whole once written; dropped
/// unwritten, it leaves an existing file at its path as it was.
pub struct OutputFile(WholeFile);

impl OutputFile {
    /// Creates the temporary file beside `path` now.
    pub fn create(path: &Path) -> std::io::Result<OutputFile> {
        WholeFile::create(path).map(OutputFile)
    }

    /// The final path, for messages.
    pub fn path(&self) -> &Path {
        &self.0.path
    }

    /// Writes `text` and puts the file in place.
    pub fn write(self, text: &str) -> std::io::Result<()> {
        self.0.write(|w| w.write_all(text.as_bytes()))
    }
}

/// A JSON report file, which appears whole or not at all, and its journal.
pub struct ReportFile {
    whole: WholeFile,
    /// `REPORT.partial.jsonl`: one record a line, in the order they are known.
    journal: Option<(PathBuf, File)>,
}

/// The journal beside the report at `path`: `path` with `.partial.jsonl` added.
pub fn journal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".partial.jsonl");
    PathBuf::from(name)
}

impl ReportFile {
    /// Creates the temporary file and an empty journal now, so an unwritable report stops the
    /// run before it starts.
    pub fn create(path: &Path) -> Result<ReportFile, AppError> {
        let fault = |source| AppError::Report {
            path: path.to_path_buf(),
            source,
        };
        let whole = WholeFile::create(path).map_err(fault)?;
        let journal_at = journal_path(path);
        let journal = File::create(&journal_at).map_err(fault)?;
        Ok(ReportFile {
            whole,
            journal: Some((journal_at, journal)),
        })
    }

    /// Appends `record` to the journal as one line of JSON, synced before it returns. After a
    /// failure the journal is given up (the report is still written at the end) and the fault
    /// is the answer, once.
    pub fn journal(&mut self, record: &impl Serialize) -> Result<(), String> {
        let Some((path, file)) = self.journal.as_mut() else {
            return Ok(());
        };
        let mut line = serde_json::to_vec(record).expect("serialise");
        line.push(b'\n');
        let Err(e) = file.write_all(&line).and_then(|()| file.sync_data()) else {
            return Ok(());
        };
        let fault = format!("{}: {e}; the journal is given up", path.display());
        self.journal = None;
        Err(fault)
    }

    /// Writes `report` as pretty JSON and a line end, puts the file in place, and removes the
    /// journal.
    pub fn write(self, report: &impl Serialize) -> Result<(), AppError> {
        let path = self.whole.path.clone();
        self.whole
            .write(|w| {
                serde_json::to_writer_pretty(&mut *w, report)?;
                writeln!(w)
            })
            .map_err(|source| AppError::Report { path, source })?;
        if let Some((journal, file)) = self.journal {
            drop(file);
            let _ = std::fs::remove_file(journal);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_file_replaces_its_path_and_leaves_nothing_else() {
        let dir = std::env::temp_dir().join(format!("tsume-whole-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.kif");
        // A file of the user's named like a temporary file is not touched.
        std::fs::write(dir.join("out.kif.tmp"), "mine").unwrap();
        write_whole(&path, "first").unwrap();
        write_whole(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(
            std::fs::read_to_string(dir.join("out.kif.tmp")).unwrap(),
            "mine"
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        // A path that names no file is refused and leaves nothing.
        assert!(write_whole(&dir.join(".."), "x").is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
