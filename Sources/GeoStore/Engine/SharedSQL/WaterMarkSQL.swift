/// What both stores say alike when they choose again which piece of a water carries its mark
/// (`WaterMarks`) for the names a write noted in `water_regroup`.
package enum WaterMarkSQL {
    /// The name of one record (most lakes'): it carries its own mark, and nothing is read.
    package static let settleSingleNames = """
        UPDATE water SET carries_mark = 1 WHERE carries_mark = 0 AND name IN (SELECT name FROM water_regroup)
        AND (SELECT count(*) FROM water AS o WHERE o.name = water.name) = 1
        """

    /// The noted names that more than one record holds: those whose pieces are read and grouped.
    package static let sharedNames = "(SELECT count(*) FROM water AS w WHERE w.name = r.name) > 1"
}
