//! Bytes → characters at the byte level, below every judgement: what a byte order mark says,
//! what a declaration names, whether the bytes are valid UTF-8, how a charset decodes them
//! (with the byte↔char offset map), and a decoded window of a large input.
//!
//! Nothing here decides anything: [`crate::format`] sniffs with these tools, and
//! [`crate::encoding`] above it weighs the evidence and picks the encoding. Labels follow the
//! WHATWG Encoding Standard; UTF-8 validity follows RFC 3629.

pub mod bom;
pub mod charset;
pub mod declared;
pub mod decoder;
pub mod johab;
pub mod offsets;
pub mod seven_bit;
pub mod stream;
pub mod validity;
pub mod window;

pub use charset::{Charset, LabelResolution};
pub use decoder::*;
