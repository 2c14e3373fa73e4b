//! Training data for the learned evaluation: one self-play game at a time (for local processes
//! or Ray tasks) and the data file they are appended to.

use crate::board::parse_rules;
use crate::errors::XiangqiError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::PathBuf;
use std::sync::Mutex;
use xiangqi_nnue::data::{self, DataFile, DataReader};
use xiangqi_search::datagen::{self, GenConfig};
use xiangqi_search::Evaluation;

fn data_error(path: &std::path::Path, e: impl std::fmt::Display) -> PyErr {
    XiangqiError::new_err(format!("{}: {e}", path.display()))
}

/// Plays game `index` of a run and returns its record's bytes (the data format's framing). The
/// game depends only on the arguments. A janggi `variant` plays from its sixteen setups.
#[pyfunction]
#[pyo3(signature = (index, *, nodes = 6000, seed = 1, min_random_plies = 2, max_random_plies = 6, rules = "axf", evaluation = None, eval_file = None, hash_mb = 16, variant = "xiangqi"))]
#[allow(clippy::too_many_arguments)]
fn nnue_play_game<'py>(
    py: Python<'py>,
    index: u64,
    nodes: u64,
    seed: u64,
    min_random_plies: u32,
    max_random_plies: u32,
    rules: &str,
    evaluation: Option<&str>,
    eval_file: Option<PathBuf>,
    hash_mb: usize,
    variant: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let variant = xiangqi_core::Variant::from_name(variant)
        .ok_or_else(|| XiangqiError::new_err(format!("unknown variant {variant:?}")))?;
    if nodes == 0 || min_random_plies > max_random_plies || max_random_plies > 100 || hash_mb == 0 {
        return Err(XiangqiError::new_err(
            "nodes and hash_mb must be at least 1, random plies MIN <= MAX <= 100",
        ));
    }
    let evaluation: Evaluation = crate::engine::parse_evaluation(evaluation, eval_file.as_deref())?;
    let config = GenConfig {
        nodes,
        seed,
        min_random_plies,
        max_random_plies,
        rules: parse_rules(rules)?,
        evaluation,
        hash_mb: hash_mb.min(4096),
        openings: datagen::openings_for(variant),
        ..GenConfig::default()
    };
    let bytes = py.detach(|| {
        let mut engine = datagen::engine_for(&config);
        let record = datagen::play_game(&mut engine, &config, index);
        let mut out = Vec::new();
        data::encode(&record, &mut out);
        out
    });
    Ok(PyBytes::new(py, &bytes))
}

/// A training data file open for appending: the games it holds, and whole records added to it.
/// A damaged tail (an interrupted write) is cut off when it is opened.
#[pyclass(module = "xiangqi")]
pub struct NnueDataFile {
    file: Mutex<DataFile>,
}

#[pymethods]
impl NnueDataFile {
    #[new]
    fn py_new(py: Python<'_>, path: PathBuf) -> PyResult<NnueDataFile> {
        let file = py
            .detach(|| DataFile::open(&path))
            .map_err(|e| data_error(&path, e))?;
        Ok(NnueDataFile {
            file: Mutex::new(file),
        })
    }

    /// Whether game `index` is in the file.
    fn __contains__(&self, index: u64) -> bool {
        self.file.lock().is_ok_and(|f| f.contains(index))
    }

    /// Games in the file.
    #[getter]
    fn games(&self) -> u64 {
        self.file.lock().map_or(0, |f| f.games())
    }

    /// Positions in the file.
    #[getter]
    fn positions(&self) -> u64 {
        self.file.lock().map_or(0, |f| f.positions())
    }

    /// Appends one record (as `nnue_play_game` returns it), checked first.
    fn append(&self, record: &[u8]) -> PyResult<()> {
        let mut framed = data::MAGIC.to_vec();
        framed.extend_from_slice(record);
        let mut reader =
            DataReader::new(&framed[..]).map_err(|e| XiangqiError::new_err(e.to_string()))?;
        let game = match reader.next_record() {
            Some(Ok(game)) if reader.next_record().is_none() => game,
            Some(Err(e)) => return Err(XiangqiError::new_err(format!("not a record: {e}"))),
            _ => return Err(XiangqiError::new_err("expected exactly one record")),
        };
        let mut file = self
            .file
            .lock()
            .map_err(|_| XiangqiError::new_err("the data file's lock is poisoned"))?;
        let path = file.path().to_path_buf();
        file.append(&game).map_err(|e| data_error(&path, e))
    }
}

/// Adds the functions and class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nnue_play_game, m)?)?;
    m.add_class::<NnueDataFile>()?;
    Ok(())
}
