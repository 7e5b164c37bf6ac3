//! The one sizing rule for boards, shared by every writer: a board's width is a share of
//! the column it stands in, from its `width` alone. Full width is the whole column for
//! every board (figures, problems, small boards and partial views alike, as the spec's
//! defaults table gives `prb` full width); `dia` is a little smaller, as the spec says;
//! half and third share the column with their neighbours in a row.

use crate::resolve::model::DiagramWidth;

/// The share of the text column a board of `width` takes (1.0 for full width).
pub fn board_share(width: DiagramWidth) -> f64 {
    match width {
        DiagramWidth::Full => 1.0,
        // 25rem of the site's 40rem measure; 80 mm of print's 100 mm board.
        DiagramWidth::Dia => 0.625,
        DiagramWidth::Half => 0.5,
        DiagramWidth::Third => 1.0 / 3.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_is_the_column_and_narrower_widths_are_smaller() {
        assert_eq!(board_share(DiagramWidth::Full), 1.0);
        let order = [
            DiagramWidth::Full,
            DiagramWidth::Dia,
            DiagramWidth::Half,
            DiagramWidth::Third,
        ]
        .map(board_share);
        assert!(order.windows(2).all(|w| w[0] > w[1]), "{order:?}");
        // Two halves or three thirds fill one line.
        assert!((2.0 * board_share(DiagramWidth::Half) - 1.0).abs() < 1e-9);
        assert!((3.0 * board_share(DiagramWidth::Third) - 1.0).abs() < 1e-9);
    }
}
