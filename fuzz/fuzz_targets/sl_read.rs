//! Fuzz target: see `sl_read` in tests/fuzz/props.rs for what it asserts.
#![no_main]

#[path = "../../tests/fuzz/props.rs"]
#[allow(dead_code)]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::sl_read(data));
