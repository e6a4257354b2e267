//! Files that appear whole or not at all: `solve --kif` and the JSON reports of `verify` and
//! `check`. Each is written to a hidden temporary file beside its final path (named by the
//! process, so two runs do not collide and no file of the user's is touched), synced, and
//! renamed into place; one not written leaves nothing behind.
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

/// A JSON report file, which appears whole or not at all.
pub struct ReportFile(WholeFile);

impl ReportFile {
    /// Creates the temporary file now, so an unwritable report stops the run before it starts.
    pub fn create(path: &Path) -> Result<ReportFile, AppError> {
        WholeFile::create(path)
            .map(ReportFile)
            .map_err(|source| AppError::Report {
                path: path.to_path_buf(),
                source,
            })
    }

    /// Writes `report` as pretty JSON and a line end, and puts the file in place.
    pub fn write(self, report: &impl Serialize) -> Result<(), AppError> {
        let path = self.0.path.clone();
        self.0
            .write(|w| {
                serde_json::to_writer_pretty(&mut *w, report)?;
                writeln!(w)
            })
            .map_err(|source| AppError::Report { path, source })
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
