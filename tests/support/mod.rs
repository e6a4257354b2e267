//! Shared helpers of the integration tests. Each test crate uses only some of them.
#![allow(dead_code)]

pub mod cli;
pub mod docs;
pub mod engine;
pub mod http;
pub mod oracle;
pub mod random;
pub mod reference;
pub mod tsv;
