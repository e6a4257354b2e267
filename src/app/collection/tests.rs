//! Tests of the collection readers: trailers, TSV columns, faults placed in their lines.

use super::*;

const MATE1: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

#[test]
fn a_sfen_trailer_names_the_id_and_the_expected_result() {
    let src = Source {
        file: "x.sfen".into(),
        line: 3,
    };
    let p = sfen_row(&format!("{MATE1} # id=m1 mate=1"), src.clone(), false).unwrap();
    assert_eq!((p.id.as_str(), p.expected), ("m1", Expected::Mate(1)));
    let p = sfen_row(
        &format!("sfen {MATE1} # nomate hands=literal"),
        src.clone(),
        false,
    )
    .unwrap();
    assert_eq!(p.expected, Expected::NoMate);
    assert!(p.literal_hands);
    assert_eq!(p.id, "x:3");
    let p = sfen_row(&format!("{MATE1} # nomate-within=5"), src.clone(), false).unwrap();
    assert_eq!(p.expected, Expected::NoMateWithin(5));
}

#[test]
fn a_bad_row_names_the_column_of_its_fault() {
    let src = Source {
        file: "x.sfen".into(),
        line: 7,
    };
    let e = sfen_row("4k4/9/4P4/9/9/9/9/9/9 x G 1", src.clone(), false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "x.sfen:7: column 23: side to move must be 'b' or 'w', found 'x'"
    );
    let e = sfen_row(&format!("{MATE1} # mate=4"), src.clone(), false).unwrap_err();
    assert!(
        e.message.starts_with("column 31: a mate length is an odd"),
        "{e}"
    );
    let e = sfen_row(&format!("{MATE1} # mat=3"), src, false).unwrap_err();
    assert!(e.message.contains("unknown trailer word 'mat=3'"), "{e}");
}

#[test]
fn a_tsv_fault_is_placed_in_the_line() {
    let cols = TsvColumns {
        width: 3,
        sfen: 1,
        id: Some(0),
        length: Some(2),
        expect: None,
        hands: None,
        line: None,
        solution_moves: false,
    };
    let src = Source {
        file: "c.tsv".into(),
        line: 2,
    };
    let e = tsv_row("ab\t4k4/9/4P4/9/9/9/9/9/9 x G 1\t1", src.clone(), &cols).unwrap_err();
    assert_eq!(
        e.message,
        "column 26: side to move must be 'b' or 'w', found 'x'"
    );
    assert_eq!(e.id.as_deref(), Some("ab"));
    let p = tsv_row(&format!("ab\t{MATE1}\t"), src, &cols).unwrap();
    assert_eq!(p.expected, Expected::Unspecified);
}

#[test]
fn for_check_a_row_gives_its_intended_solution_unplayed() {
    let src = Source {
        file: "x.sfen".into(),
        line: 1,
    };
    let mate1 = crate::notation::sfen::parse_sfen(MATE1).unwrap();
    let text = format!("{MATE1} moves G*5b # id=a");
    let p = sfen_row(&text, src.clone(), true).unwrap();
    assert_eq!(p.position, mate1);
    assert_eq!(p.line.unwrap()[0].to_string(), "G*5b");
    let p = sfen_row(&text, src.clone(), false).unwrap();
    assert!(p.line.is_none() && p.position != mate1);
    let cols = TsvColumns {
        width: 3,
        sfen: 1,
        id: Some(0),
        length: None,
        expect: None,
        hands: None,
        line: Some(2),
        solution_moves: true,
    };
    let p = tsv_row(&format!("a\t{MATE1}\tG*5b"), src.clone(), &cols).unwrap();
    assert_eq!((p.position, p.line.unwrap().len()), (mate1, 1));
    let p = tsv_row(&format!("a\t{MATE1}\t"), src.clone(), &cols).unwrap();
    assert!(p.line.is_none());
    let e = tsv_row(&format!("a\t{MATE1}\tG*5b 5a5x"), src.clone(), &cols).unwrap_err();
    assert_eq!(
        e.message,
        "column 36: '5a5x' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)"
    );
    let e = tsv_row(&format!("a\t{MATE1} moves G*5b\tG*5b"), src, &cols).unwrap_err();
    assert!(e.message.starts_with("both"), "{}", e.message);
}

#[test]
fn expect_and_length_combine() {
    assert_eq!(tsv_expected("mate", "3"), Ok(Expected::Mate(3)));
    assert_eq!(tsv_expected("", "69"), Ok(Expected::Mate(69)));
    assert_eq!(tsv_expected("mate", ""), Ok(Expected::AnyMate));
    assert_eq!(tsv_expected("nomate", ""), Ok(Expected::NoMate));
    assert_eq!(
        tsv_expected("nomate-within-5", ""),
        Ok(Expected::NoMateWithin(5))
    );
    assert_eq!(tsv_expected("", ""), Ok(Expected::Unspecified));
    assert!(tsv_expected("nomate", "3").is_err());
    assert!(tsv_expected("mates", "3").is_err());
    assert!(tsv_expected("", "x").is_err());
}

#[test]
fn the_reference_collections_load_as_they_are() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    for (file, rules, rows, column_sample) in [
        (
            "zuko.tsv",
            Rules::Game,
            103,
            ("zuko-007", Expected::Mate(15)),
        ),
        (
            "zuko.tsv",
            Rules::default(),
            103,
            ("zuko-007", Expected::Mate(13)),
        ),
        (
            "short.tsv",
            Rules::Game,
            66,
            ("pawn-drop-no-mate", Expected::NoMateWithin(5)),
        ),
        (
            "short.tsv",
            Rules::default(),
            66,
            ("futile-drops-60", Expected::Mate(1)),
        ),
        (
            "microcosmos.tsv",
            Rules::Game,
            1,
            ("microcosmos", Expected::Mate(1525)),
        ),
    ] {
        let options = LoadOptions {
            rules,
            length_column: None,
            solution_moves: false,
        };
        let loaded = load(&dir.join(file), &options).unwrap();
        assert_eq!(loaded.len(), rows, "{file}");
        let problems: Vec<Problem> = loaded
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let (id, expected) = column_sample;
        let p = problems.iter().find(|p| p.id == id).unwrap();
        assert_eq!(p.expected, expected, "{file} {id} {rules:?}");
    }
}
