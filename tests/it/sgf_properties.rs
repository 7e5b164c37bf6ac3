//! Property tests: any input is read or refused without panicking, and what is read round-trips.

use gobook::sgf;
use proptest::prelude::*;

/// Pieces that SGF files (broken ones included) are made of.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("(".to_string()),
        Just(")".to_string()),
        Just(";".to_string()),
        Just("(;".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\\".to_string()),
        Just(":".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        prop::sample::select(vec![
            "B", "W", "AB", "AW", "AE", "C", "N", "LB", "MA", "TR", "SZ", "FF", "GM", "KM", "RE",
            "DT", "TM", "PL", "VW", "L", "M", "TE", "BM", "KI", "Black", "White", "AddBlack", "XX",
        ])
        .prop_map(str::to_string),
        "\\[[a-z]{0,3}\\]",
        "\\[[a-zA-Z0-9 .:+/\\\\\\]é字]{0,8}\\]",
        "[a-z]{1,3}",
    ]
}

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(p) = sgf::parse(bytes) {
        let written = sgf::write(&p.collection);
        let again = sgf::parse(written.as_bytes())
            .map_err(|e| TestCaseError::fail(format!("rewrite refused: {e}\n{written}")))?;
        prop_assert_eq!(
            &again.collection,
            &p.collection,
            "round trip changed the tree:\n{}",
            written
        );
        let xml = gobook::xml::write(&p.collection);
        prop_assert!(
            gobook::xml::read(xml.as_bytes()).is_ok(),
            "XML not readable:\n{}",
            xml
        );
    }
    Ok(())
}

#[test]
fn repeated_root_properties_are_checked_like_single_ones() {
    // Found by `token_soup`: the second empty SZ survived the root's size check.
    check(b"(SZ[]SZ[]]").unwrap();
    let p = sgf::parse(b"(;SZ[9]SZ[13];B[aa])").unwrap();
    assert_eq!(p.collection.games[0].root().value("SZ"), Some("9"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn token_soup(tokens in prop::collection::vec(token(), 0..60)) {
        check(tokens.concat().as_bytes())?;
    }

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&bytes)?;
    }
}
