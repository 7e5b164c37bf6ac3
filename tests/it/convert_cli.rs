//! `gobook convert`: formats, standard streams, warnings and exit codes.

use crate::common;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn gobook(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gobook runs");
    if let Some(mut s) = child.stdin.take() {
        let _ = s.write_all(stdin);
    }
    child.wait_with_output().expect("gobook finishes")
}

#[test]
fn sgf_to_xml_and_back_through_files() {
    let tmp = common::tempdir();
    let sgf = tmp.path().join("game.sgf");
    std::fs::write(&sgf, "(;FF[4]GM[1]SZ[9]PB[Honinbo Shusaku]PW[Gennan Inseki]KM[0];B[cc]C[first\nsecond];W[gg];B[])").expect("write");
    let xml = tmp.path().join("game.xml");
    let out = gobook(
        &[
            "convert",
            sgf.to_str().unwrap_or(""),
            xml.to_str().unwrap_or(""),
        ],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&xml).expect("xml written");
    assert!(
        text.contains("<BlackPlayer>Honinbo Shusaku</BlackPlayer>"),
        "{text}"
    );
    assert!(
        text.contains("<Black number=\"1\" at=\"C7\"/>") || text.contains("at=\"C7\""),
        "{text}"
    );
    assert!(text.contains("<P>first</P>\n<P>second</P>"), "{text}");
    assert!(text.contains("<Black number=\"3\" at=\"\"/>"), "{text}");
    let back = tmp.path().join("back.sgf");
    let out = gobook(
        &[
            "convert",
            xml.to_str().unwrap_or(""),
            back.to_str().unwrap_or(""),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let sgf_text = std::fs::read_to_string(&back).expect("sgf written");
    assert!(sgf_text.starts_with("(;FF[4]CA[UTF-8]"), "{sgf_text}");
    assert!(
        sgf_text.contains("PW[Gennan Inseki]")
            && sgf_text.contains(";B[cc]")
            && sgf_text.contains("C[first\nsecond]"),
        "{sgf_text}"
    );
}

#[test]
fn standard_streams_and_warnings() {
    let out = gobook(
        &["convert", "-", "-"],
        b"junk (;FF[3]SZ[19]\nAddBlack[dd];White[pp]Black[qq])",
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stdout.starts_with("(;FF[4]CA[UTF-8]SZ[19]AB[dd];W[pp];B[qq])"),
        "{stdout}"
    );
    // Each warning ends with its code, which a tool can match on whatever the wording.
    let line = stderr
        .lines()
        .find(|l| l.starts_with("<stdin>:2:1: warning: lowercase letters"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.ends_with(" [sgf-identifier]"), "{line}");
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("<stdin>:") && l.contains(": warning: ")),
        "{stderr}"
    );

    let out = gobook(&["convert", "-", "-", "--to", "xml"], b"(;B[aa])");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("<Black number=\"1\" at=\"A19\"/>"));

    // XML on standard input is recognised by its first character.
    let xml = b"<?xml version=\"1.0\"?><Go><GoGame><Information/><Nodes><Node/><White at=\"D4\"/><Bogus/></Nodes></GoGame></Go>";
    let out = gobook(&["convert", "-", "-"], xml);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains(";W[dp]"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: unknown element <Bogus>"));

    let out = gobook(&["convert", "-q", "-", "-"], b"(;AddBlack[aa])");
    assert!(out.stderr.is_empty(), "--quiet prints no warnings");
}

#[test]
fn exit_codes() {
    let tmp = common::tempdir();
    // Unreadable content: 1.
    let out = gobook(&["convert", "-", "-"], b"no data at all");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>:1:1: no SGF data"));
    let out = gobook(&["convert", "--from", "xml", "-", "-"], b"<Go><GoGame>");
    assert_eq!(out.status.code(), Some(1));
    let missing = tmp.path().join("does-not-exist.sgf");
    let out = gobook(&["convert", missing.to_str().unwrap_or(""), "-"], b"");
    assert_eq!(out.status.code(), Some(1));
    // Wrong usage: 2.
    // A file whose content is neither SGF nor XML (the extension does not decide).
    let words = tmp.path().join("game.txt");
    std::fs::write(&words, "just words").unwrap();
    let out = gobook(&["convert", words.to_str().unwrap_or(""), "out.sgf"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = gobook(&["convert", "-", "out.pdf"], b"(;)");
    assert_eq!(out.status.code(), Some(2));
    let out = gobook(&["convert", "-", "-", "--to", "pdf"], b"(;)");
    assert_eq!(out.status.code(), Some(2));
    let out = gobook(&["convert", "-"], b"(;)");
    assert_eq!(out.status.code(), Some(2));
}
