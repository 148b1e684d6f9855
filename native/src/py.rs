use pyo3::prelude::*;

#[pymodule]
fn agora_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VERSION", crate::VERSION)?;
    Ok(())
}
